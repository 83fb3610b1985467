import {
  ASSET_TEMPLATE_KIND_LABELS,
  type AssetTemplateView,
  type CreateAssetBody,
  createAssetBody,
} from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useZodForm } from '../../../components/form';
import { BoForm, FormNotice, FormSubmit, FormTextField } from '../../components/form-fields';
import { Button, Card, ErrorNotice, PageHeader, Spinner } from '../../components/ui';
import { asBody } from '../../lib/form-rules';
import { boPaths } from '../../lib/paths';
import { assetsKey, createAsset, useTemplates } from './api';
import { AssetForm } from './asset-form';
import { assetAliases, assetFormFields, type FormState, fieldsOfState, stateOf } from './asset-form-model';

const ALIASES = assetAliases();
/** The inputs and the ID as the create body (the template goes along); checked by the contract's body. */
const newAssetForm = asBody(
  assetFormFields,
  ({ id, templateId, ...state }): CreateAssetBody => ({
    ...fieldsOfState(state as FormState),
    id: String(id ?? '').trim(),
    templateId: typeof templateId === 'string' ? templateId : null,
  }),
  createAssetBody,
  ALIASES,
);

const NewAssetForm = ({ template, onOtherTemplate }: { template: AssetTemplateView; onOtherTemplate: () => void }) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useZodForm(newAssetForm, {
    defaultValues: { ...stateOf({ forcedRanking: 1000, ...template.defaults }), id: '', templateId: template.id },
  });
  const submit = async (body: CreateAssetBody) => {
    const asset = await createAsset(body);
    void queryClient.invalidateQueries({ queryKey: assetsKey });
    navigate(boPaths.asset(asset.id));
  };
  return (
    <BoForm form={form} onSubmit={submit} serverErrors={{ aliases: ALIASES }}>
      <PageHeader
        title="Neues Objekt"
        subtitle={`Vorlage: ${template.name}`}
        actions={
          <>
            <Button onClick={onOtherTemplate}>Andere Vorlage</Button>
            <FormSubmit>Objekt anlegen</FormSubmit>
          </>
        }
      />
      <FormNotice />
      <Card title="Kennung" className="my-4">
        <FormTextField
          name="id"
          label="Objekt-ID (Adresse im Marktplatz)"
          hint="Kleinbuchstaben, Ziffern und Bindestriche, z. B. pv-linz-industriestrasse"
        />
      </Card>
      <AssetForm />
    </BoForm>
  );
};

/** A new asset: pick a template (its defaults fill the form), then every field; saved in preparation. */
const NewAssetPage = () => {
  const templates = useTemplates();
  const [template, setTemplate] = useState<AssetTemplateView | null>(null);
  if (templates.isPending) return <Spinner />;
  if (template) return <NewAssetForm key={template.id} template={template} onOtherTemplate={() => setTemplate(null)} />;
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
            onClick={() => setTemplate(item)}
          >
            <p className="font-semibold text-ink">{item.name}</p>
            <p className="mt-0.5 text-xs text-accent">{ASSET_TEMPLATE_KIND_LABELS[item.kind]}</p>
            <p className="mt-2 text-muted">{item.description}</p>
          </button>
        ))}
      </div>
    </>
  );
};

export default NewAssetPage;
