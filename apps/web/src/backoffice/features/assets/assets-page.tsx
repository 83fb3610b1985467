import { type AdminAssetRow, ASSET_TEMPLATE_KIND_LABELS, staffCan } from '@bw/contracts';
import { type AssetStage, assetStages } from '@bw/domain';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type Column, DataTable } from '../../components/data-table';
import { Badge, buttonClass, Card, ErrorNotice, PageHeader, SelectField, TextField } from '../../components/ui';
import { dateTime, eur } from '../../lib/format';
import { boPaths } from '../../lib/paths';
import { useSession } from '../../lib/use-session';
import { useAdminAssets } from './api';
import { STAGE_LABELS, STAGE_TONES } from './labels';

const columns: Column<AdminAssetRow>[] = [
  {
    key: 'title',
    header: 'Objekt',
    cell: (row) => (
      <>
        <p className="font-medium">{row.title}</p>
        <p className="text-xs text-muted">
          {row.id} · {row.city}
        </p>
      </>
    ),
  },
  { key: 'kind', header: 'Vorlage', cell: (row) => ASSET_TEMPLATE_KIND_LABELS[row.templateKind] },
  {
    key: 'stage',
    header: 'Phase',
    cell: (row) => <Badge tone={STAGE_TONES[row.stage]}>{STAGE_LABELS[row.stage]}</Badge>,
  },
  { key: 'price', header: 'Preis/Anteil', align: 'right', cell: (row) => eur(row.pricePerShareCents) },
  {
    key: 'shares',
    header: 'Frei / gesamt',
    align: 'right',
    cell: (row) => `${row.availableShares} / ${row.totalShares}`,
  },
  { key: 'rank', header: 'Ranking', align: 'right', cell: (row) => row.forcedRanking },
  { key: 'updated', header: 'Geändert', cell: (row) => dateTime(row.updatedAt) },
];

/** Every asset in every stage, with filters; opens the detail page. */
const AssetsPage = () => {
  const session = useSession();
  const navigate = useNavigate();
  const [stage, setStage] = useState<AssetStage | ''>('');
  const [search, setSearch] = useState('');
  const assets = useAdminAssets({ stage: stage || undefined, search: search.trim() || undefined });
  return (
    <>
      <PageHeader
        title="Objekte"
        subtitle="Immobilien und Kraftwerke in jeder Phase: vorbereiten, prüfen lassen, veröffentlichen."
        actions={
          staffCan(session.staff.role, 'POST /admin/api/v1/assets') ? (
            <Link to={boPaths.newAsset} className={buttonClass('primary')}>
              <Plus className="size-4" aria-hidden />
              Neues Objekt
            </Link>
          ) : null
        }
      />
      <Card className="mb-4">
        <div className="grid grid-cols-[16rem_1fr] gap-3">
          <SelectField
            label="Phase"
            value={stage}
            onChange={(event) => setStage(event.target.value as AssetStage | '')}
            options={[
              { value: '', label: 'Alle Phasen' },
              ...assetStages.map((s) => ({ value: s, label: STAGE_LABELS[s] })),
            ]}
          />
          <TextField
            label="Suche"
            placeholder="Titel, ID oder Ort"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </Card>
      <ErrorNotice error={assets.error} />
      <Card className="overflow-hidden [&>div]:p-0">
        <DataTable
          label="Objekte"
          columns={columns}
          rows={assets.data}
          rowKey={(row) => row.id}
          loading={assets.isPending}
          onSelect={(row) => navigate(boPaths.asset(row.id))}
          empty={{ title: 'Keine Objekte', text: 'Für diese Filter gibt es keine Objekte.' }}
        />
      </Card>
    </>
  );
};

export default AssetsPage;
