import { ASSET_TEMPLATE_KIND_LABELS, type AssetTemplateView } from '@bw/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { boPaths } from '../../app/paths';
import { Button, Card, ErrorNotice, fieldError, PageHeader, Spinner, TextField } from '../../components/ui';
import { assetsKey, createAsset, useTemplates } from './api';
import { AssetForm } from './asset-form';
import { type FormState, fieldsOfState, stateOf } from './asset-form-model';

/** A new asset: pick a template (its defaults fill the form), then every field; saved in preparation. */
const NewAssetPage = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const templates = useTemplates();
  const [template, setTemplate] = useState<AssetTemplateView | null>(null);
  const [id, setId] = useState('');
  const [state, setState] = useState<FormState>({});
  const create = useMutation({
    mutationFn: () => createAsset({ ...fieldsOfState(state), id: id.trim(), templateId: template?.id ?? null }),
    onSuccess: (asset) => {
      void queryClient.invalidateQueries({ queryKey: assetsKey });
      navigate(boPaths.asset(asset.id));
    },
  });
  if (templates.isPending) return <Spinner />;
  if (!template)
    return (
      <>
        <PageHeader title="Neues Objekt" subtitle="Wähle eine Vorlage: sie füllt die üblichen Angaben vor." />
        <ErrorNotice error={templates.error} />
        <div className="grid grid-cols-3 gap-4">
          {(templates.data ?? []).map((item) => (
            <button
              key={item.id}
              type="button"
              className="rounded-lg border border-line bg-white p-4 text-left hover:border-accent hover:shadow-sm"
              onClick={() => {
                setTemplate(item);
                setState(stateOf({ forcedRanking: 1000, ...item.defaults }));
              }}
            >
              <p className="font-semibold text-ink">{item.name}</p>
              <p className="mt-0.5 text-xs text-accent">{ASSET_TEMPLATE_KIND_LABELS[item.kind]}</p>
              <p className="mt-2 text-muted">{item.description}</p>
            </button>
          ))}
        </div>
      </>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <PageHeader
        title="Neues Objekt"
        subtitle={`Vorlage: ${template.name}`}
        actions={
          <>
            <Button onClick={() => setTemplate(null)}>Andere Vorlage</Button>
            <Button type="submit" variant="primary" busy={create.isPending}>
              Objekt anlegen
            </Button>
          </>
        }
      />
      <ErrorNotice error={create.error} />
      <Card title="Kennung" className="my-4">
        <TextField
          label="Objekt-ID (Adresse im Marktplatz)"
          hint="Kleinbuchstaben, Ziffern und Bindestriche, z. B. pv-linz-industriestrasse"
          value={id}
          error={fieldError(create.error, 'id')}
          onChange={(event) => setId(event.target.value)}
        />
      </Card>
      <AssetForm state={state} onChange={(name, value) => setState({ ...state, [name]: value })} error={create.error} />
    </form>
  );
};

export default NewAssetPage;
