import type { AutoInvestOverview } from '@bw/contracts';
import { type Column, DataTable } from '../../components/data-table';
import { Badge, Card } from '../../components/ui';
import { dateTime, eur } from '../../lib/format';
import { useInvestorAutoInvest } from './api';
import { SAVINGS_STATUS_LABELS } from './labels';

type Mandate = AutoInvestOverview['mandates'][number];
type Execution = AutoInvestOverview['executions'][number];

const percent = (bps: number) => `${Math.floor(bps / 100)},${String(bps % 100).padStart(2, '0')} %`;

const mandateColumns: Column<Mandate>[] = [
  { key: 'created', header: 'Angelegt', cell: (row) => dateTime(row.createdAt) },
  { key: 'budget', header: 'Budget/Monat', align: 'right', cell: (row) => eur(row.budgetCents) },
  { key: 'spent', header: 'Diesen Monat', align: 'right', cell: (row) => eur(row.spentThisMonthCents) },
  {
    key: 'rules',
    header: 'Regeln',
    cell: (row) =>
      [
        row.rules.objectTypes.join(', ') || 'alle Objektarten',
        row.rules.countryCodes.join(', ') || 'alle Länder',
        `ab ${percent(row.rules.minYieldBps)}`,
        `je Objekt ≤ ${percent(row.rules.maxPortfolioShareBps)}`,
        `≤ ${percent(row.rules.maxDeviationBps)} über Schnitt`,
        row.rules.markets.map((market) => (market === 'primary' ? 'Zeichnung' : 'Marktplatz')).join(' und '),
      ].join(' · '),
  },
  { key: 'served', header: 'Zuletzt bedient', cell: (row) => (row.lastServedAt ? dateTime(row.lastServedAt) : '–') },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => <Badge tone={row.status === 'active' ? 'ok' : 'neutral'}>{SAVINGS_STATUS_LABELS[row.status]}</Badge>,
  },
];

const executionColumns: Column<Execution>[] = [
  { key: 'when', header: 'Zeitpunkt', cell: (row) => dateTime(row.createdAt) },
  { key: 'asset', header: 'Objekt', cell: (row) => row.assetTitle },
  { key: 'market', header: 'Markt', cell: (row) => (row.market === 'primary' ? 'Zeichnung' : 'Marktplatz') },
  { key: 'shares', header: 'Anteile', align: 'right', cell: (row) => row.shares },
  { key: 'spent', header: 'Betrag', align: 'right', cell: (row) => eur(row.spentCents) },
  {
    key: 'outcome',
    header: 'Ergebnis',
    cell: (row) =>
      row.outcome === 'bought' ? <Badge tone="ok">Gekauft</Badge> : <span>Abgelehnt: {row.reason ?? '–'}</span>,
  },
];

/** Issue 40: the investor's auto-invest rules and what they bought or refused. */
export const AutoInvestCard = ({ id }: { readonly id: string }) => {
  const overview = useInvestorAutoInvest(id);
  return (
    <Card title="Auto-Invest" className="overflow-hidden [&>div]:p-0">
      <DataTable
        label="Auto-Invest-Regeln"
        columns={mandateColumns}
        rows={overview.data?.mandates ?? []}
        rowKey={(row) => row.id}
        empty={{ title: 'Keine Auto-Invest-Regeln' }}
      />
      <DataTable
        label="Käufe und Ablehnungen von Auto-Invest"
        columns={executionColumns}
        rows={overview.data?.executions ?? []}
        rowKey={(row) => row.id}
        empty={{ title: 'Noch nichts gekauft' }}
      />
    </Card>
  );
};
