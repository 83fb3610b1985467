import { type AdminAssetFields, type AdminAssetView, adminAssetFields, staffCan } from '@bw/contracts';
import { type AssetLifecycleAction, isAssetContentEditable } from '@bw/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useZodForm } from '../../../components/form';
import { BoForm } from '../../components/form-fields';
import {
  AlertBox,
  Badge,
  Button,
  Card,
  ErrorNotice,
  Facts,
  Notice,
  PageHeader,
  Spinner,
  TextArea,
} from '../../components/ui';
import { asBody } from '../../lib/form-rules';
import { dateTime, eur } from '../../lib/format';
import { boPaths } from '../../lib/paths';
import { useSession } from '../../lib/use-session';
import { assetsKey, runLifecycle, updateAsset, useAdminAsset } from './api';
import { AssetForm } from './asset-form';
import { assetAliases, assetFormFields, type FormState, fieldsOfState, stateOf } from './asset-form-model';
import { DocumentsPanel, ImagesPanel, MarketingPanel, NotaryPanel, RecordsPanel } from './asset-side-panels';
import { ACTION_LABELS, STAGE_LABELS, STAGE_TONES } from './labels';
import { PlacementPanel } from './placement-panel';

const LifecycleCard = ({
  asset,
  mayAct,
  onChanged,
}: {
  readonly asset: AdminAssetView;
  readonly mayAct: boolean;
  readonly onChanged: (asset: AdminAssetView) => void;
}) => {
  const [reason, setReason] = useState('');
  const step = useMutation({
    mutationFn: (action: AssetLifecycleAction) => runLifecycle(asset.id, action, reason.trim() || undefined),
    onSuccess: (next) => {
      setReason('');
      onChanged(next);
    },
  });
  return (
    <Card title="Status und Prüfung">
      <div className="space-y-3">
        <div className="flex items-center gap-2">
          <Badge tone={STAGE_TONES[asset.stage]}>{STAGE_LABELS[asset.stage]}</Badge>
          {asset.publishedAt ? <span className="text-xs text-muted">seit {dateTime(asset.publishedAt)}</span> : null}
        </div>
        <Facts
          items={[
            ['Eingereicht', asset.review.submittedAt ? dateTime(asset.review.submittedAt) : '–'],
            ['Entschieden', asset.review.decidedAt ? dateTime(asset.review.decidedAt) : '–'],
            ['Begründung', asset.review.reason ?? '–'],
            ['Verkauft', `${asset.soldShares} von ${asset.totalShares} Anteilen`],
            ['Volumen', eur(BigInt(asset.pricePerShareCents) * BigInt(asset.totalShares))],
          ]}
        />
        {mayAct && asset.actions.length > 0 ? (
          <div className="space-y-2 border-t border-line pt-3">
            {asset.actions.includes('decline') ? (
              <TextArea
                label="Begründung (bei Ablehnung Pflicht)"
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            ) : null}
            <div className="flex flex-wrap gap-2">
              {asset.actions.map((action) => (
                <Button
                  key={action}
                  variant={action === 'decline' ? 'danger' : action === 'rework' ? 'secondary' : 'primary'}
                  busy={step.isPending && step.variables === action}
                  onClick={() => step.mutate(action)}
                >
                  {ACTION_LABELS[action]}
                </Button>
              ))}
            </div>
            <p className="text-xs text-muted">
              Freigeben und Veröffentlichen muss eine andere Person als die, die eingereicht hat.
            </p>
            <ErrorNotice error={step.error} />
          </div>
        ) : null}
      </div>
    </Card>
  );
};

const ALIASES = assetAliases();
/** The inputs as the asset's fields, checked by the contract's body. */
const assetForm = asBody(assetFormFields, (state) => fieldsOfState(state as FormState), adminAssetFields, ALIASES);
/** The form's id: the save button sits in the page header, the side panels' own forms beside it. */
const FORM_ID = 'asset-fields';

/** One asset: every field, the lifecycle with four eyes, photos, documents, records, notary dates. */
const AssetDetailPage = () => {
  const { id = '' } = useParams();
  const session = useSession();
  const queryClient = useQueryClient();
  const asset = useAdminAsset(id);
  const form = useZodForm(assetForm, { defaultValues: {} });
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (asset.data) form.reset(stateOf(asset.data));
  }, [asset.data, form]);
  const onChanged = (next: AdminAssetView) => {
    queryClient.setQueryData([...assetsKey, 'one', id], next);
    void queryClient.invalidateQueries({ queryKey: [...assetsKey, 'list'] });
  };
  const save = async (fields: AdminAssetFields) => {
    setSaved(false);
    const next = await updateAsset(id, fields);
    setSaved(true);
    onChanged(next);
  };
  const { isSubmitting, errors } = form.formState;
  const formMessage = errors.root?.server?.message;
  if (asset.isPending) return <Spinner />;
  if (asset.isError) return <ErrorNotice error={asset.error} />;
  const view = asset.data;
  const role = session.staff.role;
  const mayEdit = staffCan(role, 'PUT /admin/api/v1/assets/:id');
  const editable = mayEdit && isAssetContentEditable(view.stage);
  return (
    <>
      <Link to={boPaths.assets} className="mb-2 inline-flex items-center gap-1 text-muted hover:text-ink">
        <ArrowLeft className="size-4" aria-hidden />
        Alle Objekte
      </Link>
      <PageHeader
        title={view.title}
        subtitle={`${view.id} · ${view.city} · ${eur(view.pricePerShareCents)} je Anteil`}
        actions={
          editable ? (
            <Button type="submit" form={FORM_ID} variant="primary" busy={isSubmitting}>
              Änderungen speichern
            </Button>
          ) : null
        }
      />
      {saved && !isSubmitting ? (
        <div className="mb-3">
          <Notice>Gespeichert.</Notice>
        </div>
      ) : null}
      <AlertBox message={typeof formMessage === 'string' ? formMessage : null} />
      <div className="mt-3 grid grid-cols-[minmax(0,1fr)_22rem] items-start gap-4">
        <BoForm form={form} onSubmit={save} serverErrors={{ aliases: ALIASES }} id={FORM_ID}>
          <AssetForm disabled={!editable} />
        </BoForm>
        <div className="space-y-4">
          <LifecycleCard
            asset={view}
            mayAct={staffCan(role, 'POST /admin/api/v1/assets/:id/lifecycle')}
            onChanged={onChanged}
          />
          <ImagesPanel asset={view} canEdit={mayEdit} onChanged={onChanged} />
          <DocumentsPanel asset={view} canEdit={mayEdit} onChanged={onChanged} />
          <NotaryPanel asset={view} canEdit={mayEdit} onChanged={onChanged} />
          <RecordsPanel asset={view} canEdit={mayEdit} onChanged={onChanged} />
          <MarketingPanel asset={view} canEdit={mayEdit} onChanged={onChanged} />
          <PlacementPanel
            asset={view}
            canPlace={staffCan(role, 'POST /admin/api/v1/assets/:id/outside-placements')}
            onChanged={onChanged}
          />
        </div>
      </div>
    </>
  );
};

export default AssetDetailPage;
