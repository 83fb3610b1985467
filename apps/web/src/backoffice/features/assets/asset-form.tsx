import { scenarioNames } from '@bw/domain';
import { Card, fieldError, SelectField, TextArea, TextField } from '../../components/ui';
import { ASSET_FORM_SECTIONS, type FieldDef, type FormState } from './asset-form-model';

const SCENARIO_LABELS = { stress: 'Stress', medium: 'Mittel', optimistic: 'Optimistisch' } as const;

const Field = ({
  field,
  state,
  onChange,
  error,
  disabled,
}: {
  readonly field: FieldDef;
  readonly state: FormState;
  readonly onChange: (name: string, value: string | boolean) => void;
  readonly error: unknown;
  readonly disabled: boolean;
}) => {
  const value = state[field.name];
  const message = fieldError(error, field.name);
  if (field.kind === 'bool')
    return (
      <label className="flex items-center gap-2 self-end pb-2">
        <input
          type="checkbox"
          checked={value === true}
          disabled={disabled}
          onChange={(event) => onChange(field.name, event.target.checked)}
        />
        {field.label}
      </label>
    );
  if (field.kind === 'enum')
    return (
      <SelectField
        label={field.label}
        value={String(value ?? '')}
        disabled={disabled}
        error={message}
        options={[...(field.optional ? [{ value: '', label: '–' }] : []), ...(field.options ?? [])]}
        onChange={(event) => onChange(field.name, event.target.value)}
      />
    );
  if (field.kind === 'textarea')
    return (
      <TextArea
        className="col-span-full"
        label={field.label}
        value={String(value ?? '')}
        disabled={disabled}
        error={message}
        onChange={(event) => onChange(field.name, event.target.value)}
      />
    );
  return (
    <TextField
      label={field.label}
      type={field.kind === 'date' ? 'date' : 'text'}
      inputMode={field.kind === 'int' ? 'numeric' : field.kind === 'text' ? undefined : 'decimal'}
      value={String(value ?? '')}
      disabled={disabled}
      hint={field.hint}
      error={message}
      onChange={(event) => onChange(field.name, event.target.value)}
    />
  );
};

/** Every field of the asset in sections; the server's per-field answer shows under each input. */
export const AssetForm = ({
  state,
  onChange,
  error,
  disabled = false,
}: {
  readonly state: FormState;
  readonly onChange: (name: string, value: string | boolean) => void;
  readonly error: unknown;
  readonly disabled?: boolean;
}) => (
  <div className="space-y-4">
    {ASSET_FORM_SECTIONS.map((section) => (
      <Card key={section.title} title={section.title}>
        <div className="grid grid-cols-4 gap-3">
          {section.fields.map((field) => (
            <Field key={field.name} field={field} state={state} onChange={onChange} error={error} disabled={disabled} />
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
                <TextField
                  label={`${SCENARIO_LABELS[name]}: Ausschüttung`}
                  inputMode="decimal"
                  disabled={disabled}
                  value={String(state[`scenario.${name}.distribution`] ?? '')}
                  onChange={(event) => onChange(`scenario.${name}.distribution`, event.target.value)}
                />
                <TextField
                  label={`${SCENARIO_LABELS[name]}: Wert`}
                  inputMode="decimal"
                  disabled={disabled}
                  value={String(state[`scenario.${name}.growth`] ?? '')}
                  onChange={(event) => onChange(`scenario.${name}.growth`, event.target.value)}
                />
              </div>
            ))}
          </div>
        </div>
        <TextArea
          label="Ausstattung (eine Zeile je Merkmal)"
          disabled={disabled}
          value={String(state.features ?? '')}
          onChange={(event) => onChange('features', event.target.value)}
        />
      </div>
    </Card>
  </div>
);
