import { ASSET_TEMPLATE_KIND_LABELS, type AssetTemplateView, staffCan } from '@bw/contracts';
import { type AssetTemplateKind, assetTemplateKinds } from '@bw/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSession } from '../../app/use-session';
import { type Column, DataTable } from '../../components/data-table';
import { Button, Card, ErrorNotice, PageHeader, SelectField, TextArea, TextField } from '../../components/ui';
import { dateTime } from '../../lib/format';
import { saveTemplate, useTemplates } from './api';
import { AssetForm } from './asset-form';
import { type FormState, fieldsOfState, stateOf } from './asset-form-model';

const columns: Column<AssetTemplateView>[] = [
  { key: 'name', header: 'Vorlage', cell: (row) => <span className="font-medium">{row.name}</span> },
  { key: 'kind', header: 'Art', cell: (row) => ASSET_TEMPLATE_KIND_LABELS[row.kind] },
  { key: 'description', header: 'Beschreibung', cell: (row) => <span className="text-muted">{row.description}</span> },
  { key: 'updated', header: 'Geändert', cell: (row) => dateTime(row.updatedAt) },
];

/** Presets of asset fields per template kind (spec section 3); a new asset starts from one. */
const TemplatesPage = () => {
  const session = useSession();
  const queryClient = useQueryClient();
  const templates = useTemplates();
  const [editing, setEditing] = useState<AssetTemplateView | 'new' | null>(null);
  const [meta, setMeta] = useState<{ name: string; kind: AssetTemplateKind; description: string }>({
    name: '',
    kind: 'powerPlant',
    description: '',
  });
  const [state, setState] = useState<FormState>({});
  const mayEdit = staffCan(session.staff.role, 'POST /admin/api/v1/asset-templates');
  const save = useMutation({
    mutationFn: () => {
      const all = fieldsOfState(state);
      // Only what the form filled belongs to the preset.
      const defaults = Object.fromEntries(
        Object.entries(all).filter(
          ([, value]) => value !== null && value !== '' && !(Array.isArray(value) && value.length === 0),
        ),
      );
      return saveTemplate(editing === 'new' || editing === null ? null : editing.id, { ...meta, defaults });
    },
    onSuccess: () => {
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: ['backoffice', 'asset-templates'] });
    },
  });
  const open = (template: AssetTemplateView | 'new') => {
    setEditing(template);
    setMeta(
      template === 'new'
        ? { name: '', kind: 'powerPlant', description: '' }
        : { name: template.name, kind: template.kind, description: template.description },
    );
    setState(stateOf(template === 'new' ? {} : template.defaults));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <>
      <PageHeader
        title="Vorlagen"
        subtitle="Voreinstellungen für neue Objekte, je Art: Immobilie, Kraftwerk, Portfolio, Bauherrenmodell."
        actions={
          mayEdit ? (
            <Button variant="primary" onClick={() => open('new')}>
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
          onSelect={mayEdit ? open : undefined}
          selectedKey={editing && editing !== 'new' ? editing.id : null}
          empty={{ title: 'Noch keine Vorlagen' }}
        />
      </Card>
      {editing ? (
        <form onSubmit={submit} noValidate className="space-y-4">
          <Card title={editing === 'new' ? 'Neue Vorlage' : `Vorlage bearbeiten: ${editing.name}`}>
            <div className="grid grid-cols-3 gap-3">
              <TextField
                label="Name"
                value={meta.name}
                onChange={(event) => setMeta({ ...meta, name: event.target.value })}
              />
              <SelectField
                label="Art"
                value={meta.kind}
                onChange={(event) => setMeta({ ...meta, kind: event.target.value as AssetTemplateKind })}
                options={assetTemplateKinds.map((kind) => ({ value: kind, label: ASSET_TEMPLATE_KIND_LABELS[kind] }))}
              />
              <TextArea
                label="Beschreibung"
                value={meta.description}
                onChange={(event) => setMeta({ ...meta, description: event.target.value })}
              />
            </div>
          </Card>
          <ErrorNotice error={save.error} />
          <AssetForm
            state={state}
            onChange={(name, value) => setState({ ...state, [name]: value })}
            error={save.error}
          />
          <div className="flex justify-end gap-2">
            <Button onClick={() => setEditing(null)}>Abbrechen</Button>
            <Button type="submit" variant="primary" busy={save.isPending}>
              Vorlage speichern
            </Button>
          </div>
        </form>
      ) : null}
    </>
  );
};

export default TemplatesPage;
