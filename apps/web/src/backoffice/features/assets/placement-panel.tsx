import { type AdminAssetView, type OutsidePlacementBody, outsidePlacementBody } from '@bw/contracts';
import { z } from 'zod';
import { useZodForm } from '../../../components/form';
import { BoForm, FormNotice, FormSubmit, FormTextField } from '../../components/form-fields';
import { Card } from '../../components/ui';
import { asBody } from '../../lib/form-rules';
import { placeOutside } from './api';

/** Stages in which shares can still be placed outside the platform (the API refuses the others). */
const PLACEABLE = ['preparing', 'review', 'approved', 'primary'];

/** The shares as a number and the reason trimmed, checked by the contract's body. */
const placementForm = asBody(
  z.object({ shares: z.string(), reason: z.string() }),
  (form) => ({ shares: Number(form.shares), reason: form.reason.trim() }),
  outsidePlacementBody,
);
const EMPTY = { shares: '', reason: '' };

/**
 * Shares placed outside the platform (e.g. with the issuer's existing investors): they leave the
 * offer and are booked to the asset's outside-holders book. Operators only; the reason is audited.
 */
export const PlacementPanel = ({
  asset,
  canPlace,
  onChanged,
}: {
  readonly asset: AdminAssetView;
  readonly canPlace: boolean;
  readonly onChanged: (asset: AdminAssetView) => void;
}) => {
  const form = useZodForm(placementForm, { defaultValues: EMPTY });
  const shares = form.watch('shares');
  const place = async (body: OutsidePlacementBody) => {
    const next = await placeOutside(asset.id, body);
    form.reset(EMPTY);
    onChanged(next);
  };
  if (!canPlace || !PLACEABLE.includes(asset.stage)) return null;
  return (
    <Card title="Außerhalb der Plattform platziert">
      <BoForm form={form} onSubmit={place} className="space-y-2">
        <p className="text-muted">
          Frei: {asset.availableShares.toLocaleString('de-AT')} von {asset.totalShares.toLocaleString('de-AT')} Anteilen
        </p>
        <FormTextField
          name="shares"
          label="Anteile"
          inputMode="numeric"
          normalize={(value) => value.replace(/\D/g, '')}
        />
        <FormTextField name="reason" label="Grund" />
        <FormNotice />
        <FormSubmit variant="secondary" disabled={!shares || Number(shares) < 1}>
          Platzierung buchen
        </FormSubmit>
      </BoForm>
    </Card>
  );
};
