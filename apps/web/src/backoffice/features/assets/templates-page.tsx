import { ASSET_TEMPLATE_KIND_LABELS, type AssetTemplateView, assetTemplateBody, staffCan } from '@bw/contracts';
import { assetTemplateKinds } from '@bw/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { useZodForm } from '../../../components/form';
import { type Column, DataTable } from '../../components/data-table';
import {
  BoForm,
  FormNotice,
  FormSelectField,
  FormSubmit,
  FormTextArea,
  FormTextField,
} from '../../components/form-fields';
import { Button, Card, ErrorNotice, PageHeader } from '../../components/ui';
import { asBody } from '../../lib/form-rules';
import { dateTime } from '../../lib/format';
import { useSession } from '../../lib/use-session';
import { saveTemplate, useTemplates } from './api';
import { AssetForm } from './asset-form';
import { assetAliases, assetFieldValue, type FormState, fieldsOfState, stateOf } from './asset-form-model';

const columns: Column<AssetTemplateView>[] = [
  { key: 'name', header: 'Vorlage', cell: (row) => <span className="font-medium">{row.name}</span> },
  { key: 'kind', header: 'Art', cell: (row) => ASSET_TEMPLATE_KIND_LABELS[row.kind] },
  { key: 'description', header: 'Beschreibung', cell: (row) => <span className="text-muted">{row.description}</span> },
  { key: 'updated', header: 'Geändert', cell: (row) => dateTime(row.updatedAt) },
];

/** The template's own fields sit under `template.` (an asset has a `description` of its own). */
const ALIASES = {
  ...assetAliases('defaults.'),
  name: 'template.name',
  kind: 'template.kind',
  description: 'template.description',
};
const KIND_OPTIONS = assetTemplateKinds.map((kind) => ({ value: kind, label: ASSET_TEMPLATE_KIND_LABELS[kind] }));

/** The template and the asset fields it fills; only what the form filled belongs to the preset. */
const templateForm = asBody(
  z
    .object({ template: assetTemplateBody.pick({ kind: true }).extend({ name: z.string(), description: z.string() }) })
    .catchall(assetFieldValue),
  ({ template, ...state }): z.input<typeof assetTemplateBody> => {
    const defaults = Object.fromEntries(
      Object.entries(fieldsOfState(state as FormState)).filter(
        ([, value]) => value !== null && value !== '' && !(Array.isArray(value) && value.length === 0),
      ),
    );
    return { ...template, defaults };
  },
  assetTemplateBody,
  ALIASES,
);

const TemplateEditor = ({ editing, onClose }: { editing: AssetTemplateView | 'new'; onClose: () => void }) => {
  const queryClient = useQueryClient();
  const template =
    editing === 'new'
      ? { name: '', kind: 'powerPlant' as const, description: '' }
      : { name: editing.name, kind: editing.kind, description: editing.description };
  // The catch-all's index signature cannot state `template`'s own type; the schema checks both.
  const defaultValues = { ...stateOf(editing === 'new' ? {} : editing.defaults), template } as z.input<
    typeof templateForm
  >;
  const form = useZodForm(templateForm, { defaultValues });
  const submit = async (body: z.output<typeof assetTemplateBody>) => {
    await saveTemplate(editing === 'new' ? null : editing.id, body);
    onClose();
    void queryClient.invalidateQueries({ queryKey: ['backoffice', 'asset-templates'] });
  };
  return (
    <BoForm form={form} onSubmit={submit} serverErrors={{ aliases: ALIASES }} className="space-y-4">
      <Card title={editing === 'new' ? 'Neue Vorlage' : `Vorlage bearbeiten: ${editing.name}`}>
        <div className="grid grid-cols-3 gap-3">
          <FormTextField name="template.name" label="Name" />
          <FormSelectField name="template.kind" label="Art" options={KIND_OPTIONS} />
          <FormTextArea name="template.description" label="Beschreibung" />
        </div>
      </Card>
      <FormNotice />
      <AssetForm />
      <div className="flex justify-end gap-2">
        <Button onClick={onClose}>Abbrechen</Button>
        <FormSubmit>Vorlage speichern</FormSubmit>
      </div>
    </BoForm>
  );
};

/** Presets of asset fields per template kind (spec section 3); a new asset starts from one. */
const TemplatesPage = () => {
  const session = useSession();
  const templates = useTemplates();
  const [editing, setEditing] = useState<AssetTemplateView | 'new' | null>(null);
  const mayEdit = staffCan(session.staff.role, 'POST /admin/api/v1/asset-templates');
  return (
    <>
      <PageHeader
        title="Vorlagen"
        subtitle="Voreinstellungen für neue Objekte, je Art: Immobilie, Kraftwerk, Portfolio, Bauherrenmodell."
        actions={
          mayEdit ? (
            <Button variant="primary" onClick={() => setEditing('new')}>
              Neue Vorlage
            </Button>
          ) : null
        }
      />
      <ErrorNotice error={templates.error} />
      <Card className="mb-4 overflow-hidden [&>div]:p-0">
        <DataTable
          label="Vorlagen"
          columns={columns}
          rows={templates.data}
          rowKey={(row) => row.id}
          loading={templates.isPending}
          onSelect={mayEdit ? setEditing : undefined}
          selectedKey={editing && editing !== 'new' ? editing.id : null}
          empty={{ title: 'Noch keine Vorlagen' }}
        />
      </Card>
      {editing ? (
        <TemplateEditor
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
};

export default TemplatesPage;
