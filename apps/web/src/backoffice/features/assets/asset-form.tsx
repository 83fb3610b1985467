import { scenarioNames } from '@bw/domain';
import { useFormContext } from 'react-hook-form';
import { FormSelectField, FormTextArea, FormTextField } from '../../components/form-fields';
import { Card } from '../../components/ui';
import { ASSET_FORM_SECTIONS, type FieldDef, scenarioField } from './asset-form-model';

const SCENARIO_LABELS = { stress: 'Stress', medium: 'Mittel', optimistic: 'Optimistisch' } as const;

const Checkbox = ({ field, disabled }: { readonly field: FieldDef; readonly disabled: boolean }) => {
  const { register } = useFormContext();
  return (
    <label className="flex items-center gap-2 self-end pb-2">
      <input type="checkbox" disabled={disabled} {...register(field.name)} />
      {field.label}
    </label>
  );
};

const Field = ({ field, disabled }: { readonly field: FieldDef; readonly disabled: boolean }) => {
  if (field.kind === 'bool') return <Checkbox field={field} disabled={disabled} />;
  if (field.kind === 'enum')
    return (
      <FormSelectField
        name={field.name}
        label={field.label}
        disabled={disabled}
        options={[...(field.optional ? [{ value: '', label: '–' }] : []), ...(field.options ?? [])]}
      />
    );
  if (field.kind === 'textarea')
    return <FormTextArea name={field.name} className="col-span-full" label={field.label} disabled={disabled} />;
  return (
    <FormTextField
      name={field.name}
      label={field.label}
      type={field.kind === 'date' ? 'date' : 'text'}
      inputMode={field.kind === 'int' ? 'numeric' : field.kind === 'text' ? undefined : 'decimal'}
      disabled={disabled}
      hint={field.hint}
    />
  );
};

/**
 * Every field of the asset in sections, as fields of the surrounding form (`asset-form-model.ts`'s
 * state); the schema's or the server's per-field message shows under each input.
 */
export const AssetForm = ({ disabled = false }: { readonly disabled?: boolean }) => (
  <div className="space-y-4">
    {ASSET_FORM_SECTIONS.map((section) => (
      <Card key={section.title} title={section.title}>
        <div className="grid grid-cols-4 gap-3">
          {section.fields.map((field) => (
            <Field key={field.name} field={field} disabled={disabled} />
          ))}
        </div>
      </Card>
    ))}
    <Card title="Szenarien und Ausstattung">
      <div className="grid grid-cols-[1fr_1fr] gap-6">
        <div>
          <p className="mb-2 text-xs text-muted">
            Ausschüttung und Wertentwicklung p. a. je Szenario (%), für den Renditerechner.
          </p>
          <div className="grid grid-cols-3 gap-3">
            {scenarioNames.map((name) => (
              <div key={name} className="space-y-2">
                <FormTextField
                  name={scenarioField(name, 'distribution')}
                  label={`${SCENARIO_LABELS[name]}: Ausschüttung`}
                  inputMode="decimal"
                  disabled={disabled}
                />
                <FormTextField
                  name={scenarioField(name, 'growth')}
                  label={`${SCENARIO_LABELS[name]}: Wert`}
                  inputMode="decimal"
                  disabled={disabled}
                />
              </div>
            ))}
          </div>
        </div>
        <FormTextArea name="features" label="Ausstattung (eine Zeile je Merkmal)" disabled={disabled} />
      </div>
    </Card>
  </div>
);
