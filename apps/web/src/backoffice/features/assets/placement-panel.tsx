import type { AdminAssetView } from '@bw/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Card, ErrorNotice, TextField } from '../../components/ui';
import { placeOutside } from './api';

/** Stages in which shares can still be placed outside the platform (the API refuses the others). */
const PLACEABLE = ['preparing', 'review', 'approved', 'primary'];

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
  const [shares, setShares] = useState('');
  const [reason, setReason] = useState('');
  const place = useMutation({
    mutationFn: () => placeOutside(asset.id, { shares: Number(shares), reason: reason.trim() }),
    onSuccess: (next) => {
      setShares('');
      setReason('');
      onChanged(next);
    },
  });
  if (!canPlace || !PLACEABLE.includes(asset.stage)) return null;
  return (
    <Card title="Außerhalb der Plattform platziert">
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          place.mutate();
        }}
      >
        <p className="text-muted">
          Frei: {asset.availableShares.toLocaleString('de-AT')} von {asset.totalShares.toLocaleString('de-AT')} Anteilen
        </p>
        <TextField
          label="Anteile"
          inputMode="numeric"
          value={shares}
          onChange={(event) => setShares(event.target.value.replace(/\D/g, ''))}
        />
        <TextField label="Grund" value={reason} onChange={(event) => setReason(event.target.value)} />
        <ErrorNotice error={place.error} />
        <Button type="submit" busy={place.isPending} disabled={!shares || Number(shares) < 1}>
          Platzierung buchen
        </Button>
      </form>
    </Card>
  );
};
