import type { DashboardView, FunnelStep } from '@bw/contracts';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../components/data-table';
import { Badge, Card, ErrorNotice, PageHeader, Spinner } from '../../components/ui';
import { dateTime, eur } from '../../lib/format';
import { boPaths } from '../../lib/paths';
import { STAGE_LABELS } from '../assets/labels';
import { useDashboard } from './api';

const STEP_LABELS: Record<FunnelStep, string> = {
  registered: 'Registriert',
  emailVerified: 'E-Mail bestätigt',
  identified: 'Identifiziert',
  paidIn: 'Eingezahlt',
  invested: 'Investiert',
};

type AssetVolume = DashboardView['volumeByAsset'][number];
const volumeColumns: Column<AssetVolume>[] = [
  {
    key: 'title',
    header: 'Objekt',
    cell: (row) => (
      <Link className="font-medium text-accent hover:underline" to={boPaths.asset(row.assetId)}>
        {row.title}
      </Link>
    ),
  },
  { key: 'stage', header: 'Phase', cell: (row) => STAGE_LABELS[row.stage as keyof typeof STAGE_LABELS] ?? row.stage },
  { key: 'purchases', header: 'Käufe', align: 'right', cell: (row) => row.purchases.toLocaleString('de-AT') },
  { key: 'shares', header: 'Anteile', align: 'right', cell: (row) => row.shares.toLocaleString('de-AT') },
  { key: 'volume', header: 'Volumen', align: 'right', cell: (row) => eur(row.volumeCents) },
  { key: 'reserved', header: 'Reserviert', align: 'right', cell: (row) => eur(row.reservedCents) },
];

const Figure = ({ label, value, tone }: { label: string; value: string; tone?: 'ok' | 'warn' | 'bad' }) => (
  <div className="rounded-lg border border-line bg-white px-4 py-3">
    <p className="text-xs text-muted">{label}</p>
    <p
      className={`mt-1 text-2xl font-semibold tabular-nums ${tone === 'bad' ? 'text-bad' : tone === 'warn' ? 'text-warn' : 'text-ink'}`}
    >
      {value}
    </p>
  </div>
);

const lagText = (seconds: number): string =>
  seconds < 60
    ? `${seconds} s`
    : seconds < 3_600
      ? `${Math.round(seconds / 60)} min`
      : `${Math.round(seconds / 3_600)} h`;

/** The operator's day at a glance: the investor funnel, what sells, what waits, what failed. */
const DashboardPage = () => {
  const dashboard = useDashboard();
  if (dashboard.isPending) return <Spinner />;
  if (!dashboard.data) return <ErrorNotice error={dashboard.error} />;
  const view = dashboard.data;
  const total = view.investorsByStep.reduce((sum, row) => sum + row.count, 0);
  const widest = Math.max(1, ...view.investorsByStep.map((row) => row.count));
  return (
    <>
      <PageHeader
        title="Übersicht"
        subtitle={`Stand ${dateTime(view.generatedAt)}, aktualisiert sich alle 30 Sekunden.`}
      />
      <div className="mb-4 grid grid-cols-4 gap-3">
        <Figure label="Investoren" value={total.toLocaleString('de-AT')} />
        <Figure
          label="Offene Signaturen"
          value={view.signingRequests.open.toLocaleString('de-AT')}
          tone={view.signingRequests.expiringWithinHour > 0 ? 'warn' : undefined}
        />
        <Figure
          label="Fehlgeschlagene Aufgaben"
          value={view.failedJobs.count.toLocaleString('de-AT')}
          tone={view.failedJobs.count > 0 ? 'bad' : undefined}
        />
        <Figure
          label="Outbox-Verzögerung"
          value={lagText(view.outbox.lagSeconds)}
          tone={view.outbox.lagSeconds > 300 ? 'bad' : view.outbox.lagSeconds > 60 ? 'warn' : undefined}
        />
      </div>
      <div className="grid grid-cols-[18rem_1fr] items-start gap-4">
        <Card title="Investoren nach Schritt">
          <ol className="space-y-2.5" aria-label="Investoren nach Onboarding-Schritt">
            {view.investorsByStep.map((row) => (
              <li key={row.step}>
                <div className="flex justify-between text-sm">
                  <span>{STEP_LABELS[row.step]}</span>
                  <span className="tabular-nums font-medium">{row.count.toLocaleString('de-AT')}</span>
                </div>
                <div className="mt-1 h-2 rounded-full bg-canvas">
                  <div className="h-2 rounded-full bg-accent" style={{ width: `${(row.count / widest) * 100}%` }} />
                </div>
              </li>
            ))}
          </ol>
          {view.lockedInvestors > 0 ? (
            <p className="mt-3 text-xs text-muted">
              Davon gesperrt: <Badge tone="bad">{view.lockedInvestors}</Badge>
            </p>
          ) : null}
        </Card>
        <div className="space-y-4">
          <Card title="Volumen nach Objekt" className="overflow-hidden [&>div]:p-0">
            <DataTable
              label="Volumen nach Objekt"
              columns={volumeColumns}
              rows={view.volumeByAsset}
              rowKey={(row) => row.assetId}
              empty={{ title: 'Noch keine Objekte' }}
            />
          </Card>
          <div className="grid grid-cols-2 gap-4">
            <Card title="Signaturen und Outbox">
              <ul className="space-y-1.5">
                <li>Älteste offene Signatur: {dateTime(view.signingRequests.oldestOpenAt)}</li>
                <li>Laufen in der nächsten Stunde ab: {view.signingRequests.expiringWithinHour}</li>
                <li>Wartende Nachrichten: {view.outbox.pending}</li>
                <li>Endgültig fehlgeschlagen: {view.outbox.failed}</li>
              </ul>
            </Card>
            <Card title="Letzte Fehler">
              {view.failedJobs.latest.length === 0 ? (
                <p className="text-muted">Keine fehlgeschlagenen Aufgaben.</p>
              ) : (
                <ul className="space-y-2">
                  {view.failedJobs.latest.map((failure) => (
                    <li key={`${failure.source}-${failure.name}-${failure.failedAt}`}>
                      <p className="font-medium">
                        {failure.name} <span className="text-xs text-muted">({dateTime(failure.failedAt)})</span>
                      </p>
                      <p className="break-all text-xs text-bad">{failure.error}</p>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
        </div>
      </div>
    </>
  );
};

export default DashboardPage;
