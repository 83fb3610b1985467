import { type InvestorDetail, type SavingsOverview, staffCan } from '@bw/contracts';
import { debitedCentsOfPurchase } from '@bw/domain';
import { deATCore } from '@bw/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { readablePaymentInformation } from '../../../lib/payment-information';
import { type Column, DataTable } from '../../components/data-table';
import { Badge, Button, Card, ErrorNotice, Facts, Notice, PageHeader, Spinner, TextArea } from '../../components/ui';
import { date, dateTime, eur } from '../../lib/format';
import { boPaths } from '../../lib/paths';
import { useSession } from '../../lib/use-session';
import {
  investorsKey,
  lockInvestor,
  resendEmail,
  useComplianceLogs,
  useInvestor,
  useInvestorSavingsPlans,
} from './api';
import { AutoInvestCard } from './auto-invest-card';
import { InvestorMessageCard } from './investor-message-card';
import {
  IDENTIFICATION_PROVIDER_LABELS,
  IDENTITY_CHECK_LABELS,
  labelOf,
  PURCHASE_STATUS_LABELS,
  SAVINGS_STATUS_LABELS,
  SIGNATURE_STATUS_LABELS,
  transactionStateLabel,
  transactionTypeLabel,
  USER_STATUS_LABELS,
  VERIFICATION_STATUS_LABELS,
} from './labels';

type Purchase = InvestorDetail['purchases'][number];
type Transaction = InvestorDetail['transactions'][number];
type Identification = InvestorDetail['identifications'][number];

const purchaseColumns: Column<Purchase>[] = [
  { key: 'when', header: 'Datum', cell: (row) => dateTime(row.createdAt) },
  { key: 'asset', header: 'Objekt', cell: (row) => row.title },
  { key: 'shares', header: 'Anteile', align: 'right', cell: (row) => row.shares },
  { key: 'amount', header: 'Betrag', align: 'right', cell: (row) => eur(row.amountCents) },
  { key: 'fee', header: 'Gebühr', align: 'right', cell: (row) => eur(row.feeCents) },
  { key: 'bonus', header: 'Bonus', align: 'right', cell: (row) => eur(row.bonusCents) },
  {
    key: 'debited',
    header: 'Abgebucht',
    align: 'right',
    // The amount the investor's own screens show for this purchase (issue 34).
    cell: (row) =>
      eur(
        debitedCentsOfPurchase({
          amountCents: BigInt(row.amountCents),
          feeCents: BigInt(row.feeCents),
          bonusCents: BigInt(row.bonusCents),
        }),
      ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => (
      <Badge tone={row.status === 'settled' ? 'ok' : 'neutral'}>
        {PURCHASE_STATUS_LABELS[row.status] ?? row.status}
      </Badge>
    ),
  },
];

/** The investor's account lines as their account list shows them (issue 34): kind · asset, state, signed amount. */
const transactionColumns: Column<Transaction>[] = [
  { key: 'when', header: 'Datum', cell: (row) => dateTime(row.createdAt) },
  {
    key: 'type',
    header: 'Bewegung',
    cell: (row) => {
      const reference = readablePaymentInformation(row.paymentInformation, deATCore.transaction);
      return (
        <span className="flex flex-col">
          <span>
            {row.assetTitle ? `${transactionTypeLabel(row.type)} · ${row.assetTitle}` : transactionTypeLabel(row.type)}
          </span>
          {reference ? <span className="text-xs text-muted">{reference}</span> : null}
        </span>
      );
    },
  },
  { key: 'status', header: 'Status', cell: (row) => transactionStateLabel(row) },
  {
    key: 'amount',
    header: 'Betrag',
    align: 'right',
    cell: (row) => (
      <span className="whitespace-nowrap tabular-nums" data-testid="investor-transaction-amount">
        {`${row.incoming ? '+' : '−'} ${eur(row.amountCents)}`}
      </span>
    ),
  },
];

const identificationColumns: Column<Identification>[] = [
  { key: 'when', header: 'Eingereicht', cell: (row) => dateTime(row.submittedAt) },
  { key: 'provider', header: 'Weg', cell: (row) => labelOf(IDENTIFICATION_PROVIDER_LABELS, row.provider) },
  { key: 'status', header: 'Status', cell: (row) => labelOf(VERIFICATION_STATUS_LABELS, row.status) },
  { key: 'check', header: 'Ergebnis', cell: (row) => labelOf(IDENTITY_CHECK_LABELS, row.identityCheck) },
  { key: 'reason', header: 'Begründung (Prüfung)', cell: (row) => row.reviewReason ?? '–' },
];

type ComplianceLog = NonNullable<ReturnType<typeof useComplianceLogs>['data']>[number];
const complianceColumns: Column<ComplianceLog>[] = [
  { key: 'when', header: 'Zeit (Gerät)', cell: (row) => dateTime(row.clientTimestamp) },
  { key: 'action', header: 'Aktion', cell: (row) => row.action },
  {
    key: 'device',
    header: 'Gerät',
    cell: (row) => <span className="text-muted">{JSON.stringify(row.deviceMetaData)}</span>,
  },
  { key: 'ip', header: 'Adresse', cell: (row) => row.ipAddress ?? '–' },
];

/** Issue 20: what the app logged for compliance (kept 7 years, ADR 0024). */
const ComplianceLogCard = ({ id }: { readonly id: string }) => {
  const logs = useComplianceLogs(id);
  return (
    <Card title="Compliance-Protokoll" className="overflow-hidden [&>div]:p-0">
      <DataTable
        label="Compliance-Protokoll"
        columns={complianceColumns}
        rows={logs.data ?? []}
        rowKey={(row) => row.id}
        empty={{ title: 'Noch keine Einträge' }}
      />
    </Card>
  );
};

type SavingsPlan = SavingsOverview['plans'][number];
type SavingsExecution = SavingsOverview['executions'][number];
const savingsPlanColumns: Column<SavingsPlan>[] = [
  { key: 'created', header: 'Angelegt', cell: (row) => dateTime(row.createdAt) },
  { key: 'amount', header: 'Monatlich', align: 'right', cell: (row) => eur(row.amountCents) },
  { key: 'day', header: 'Tag', align: 'right', cell: (row) => row.dayOfMonth },
  {
    key: 'split',
    header: 'Aufteilung',
    cell: (row) => row.allocations.map((one) => `${one.percent} % ${one.assetTitle}`).join(', '),
  },
  { key: 'next', header: 'Nächste Ausführung', cell: (row) => (row.nextExecution ? date(row.nextExecution) : '–') },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => <Badge tone={row.status === 'active' ? 'ok' : 'neutral'}>{SAVINGS_STATUS_LABELS[row.status]}</Badge>,
  },
];
const savingsExecutionColumns: Column<SavingsExecution>[] = [
  { key: 'when', header: 'Ausgeführt', cell: (row) => dateTime(row.executedAt) },
  { key: 'month', header: 'Monat', cell: (row) => row.month },
  { key: 'asset', header: 'Objekt', cell: (row) => row.assetTitle },
  { key: 'budget', header: 'Budget', align: 'right', cell: (row) => eur(row.budgetCents) },
  { key: 'shares', header: 'Anteile', align: 'right', cell: (row) => row.shares },
  { key: 'spent', header: 'Betrag', align: 'right', cell: (row) => eur(row.spentCents) },
  {
    key: 'outcome',
    header: 'Ergebnis',
    cell: (row) =>
      row.outcome === 'bought' ? <Badge tone="ok">Gekauft</Badge> : <span>Übersprungen: {row.reason ?? '–'}</span>,
  },
];

/** Issue 40: the investor's savings plans and what each execution did. */
const SavingsPlansCard = ({ id }: { readonly id: string }) => {
  const overview = useInvestorSavingsPlans(id);
  return (
    <Card title="Sparpläne" className="overflow-hidden [&>div]:p-0">
      <DataTable
        label="Sparpläne"
        columns={savingsPlanColumns}
        rows={overview.data?.plans ?? []}
        rowKey={(row) => row.id}
        empty={{ title: 'Kein Sparplan' }}
      />
      <DataTable
        label="Ausführungen der Sparpläne"
        columns={savingsExecutionColumns}
        rows={overview.data?.executions ?? []}
        rowKey={(row) => `${row.planId}-${row.month}-${row.assetId}`}
        empty={{ title: 'Noch keine Ausführung' }}
      />
    </Card>
  );
};

/** One investor: profile, identification, agreements, money and shares; lock and e-mails. */
const InvestorPage = () => {
  const { id = '' } = useParams();
  const session = useSession();
  const queryClient = useQueryClient();
  const investor = useInvestor(id);
  const [reason, setReason] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const lock = useMutation({
    mutationFn: (locked: boolean) => lockInvestor(id, locked, reason.trim()),
    onSuccess: (next) => {
      setReason('');
      queryClient.setQueryData([...investorsKey, 'one', id], next);
    },
  });
  const resend = useMutation({
    mutationFn: (kind: 'verification' | 'identificationResult') => resendEmail(id, kind),
    onSuccess: () => setSent('E-Mail ist unterwegs.'),
  });
  if (investor.isPending) return <Spinner />;
  if (investor.isError) return <ErrorNotice error={investor.error} />;
  const { profile, balance } = investor.data;
  const role = session.staff.role;
  const locked = profile.locked;
  const mayToggle = staffCan(
    role,
    locked ? 'POST /admin/api/v1/investors/:id/unlock' : 'POST /admin/api/v1/investors/:id/lock',
  );
  return (
    <>
      <Link to={boPaths.investors} className="mb-2 inline-flex items-center gap-1 text-muted hover:text-ink">
        <ArrowLeft className="size-4" aria-hidden />
        Alle Investoren
      </Link>
      <PageHeader
        title={profile.name}
        subtitle={
          <span className="flex items-center gap-2">
            {profile.email}
            <Badge tone={USER_STATUS_LABELS[profile.status]?.tone}>
              {USER_STATUS_LABELS[profile.status]?.label ?? profile.status}
            </Badge>
            {locked ? <Badge tone="bad">Gesperrt</Badge> : null}
          </span>
        }
      />
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <Card title="Guthaben">
              <p className="text-2xl font-semibold tabular-nums" data-testid="investor-balance">
                {eur(balance.balanceCents)}
              </p>
              <p className="text-muted">
                Wie im Konto des Investors. Verfügbar {eur(balance.availableCents)} · reserviert{' '}
                {eur(balance.heldCents)}
              </p>
            </Card>
            <Card title="Bestände" className="sm:col-span-2">
              {investor.data.holdings.length === 0 ? (
                <p className="text-muted">Noch keine Anteile.</p>
              ) : (
                <ul className="space-y-1">
                  {investor.data.holdings.map((holding) => (
                    <li key={holding.assetId} className="flex justify-between" data-testid="holding">
                      <Link to={boPaths.asset(holding.assetId)} className="text-accent hover:underline">
                        {holding.title}
                      </Link>
                      <span className="tabular-nums">{holding.shares} Anteile</span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
          <Card title="Käufe" className="overflow-hidden [&>div]:p-0">
            <DataTable
              label="Käufe"
              columns={purchaseColumns}
              rows={investor.data.purchases}
              rowKey={(row) => row.transactionId}
              empty={{ title: 'Noch keine Käufe' }}
            />
          </Card>
          <Card title="Kontobewegungen" className="overflow-hidden [&>div]:p-0">
            <DataTable
              label="Kontobewegungen"
              columns={transactionColumns}
              rows={investor.data.transactions}
              rowKey={(row) => row.id}
              empty={{ title: 'Noch keine Bewegungen' }}
            />
          </Card>
          <Card title="Identifizierung" className="overflow-hidden [&>div]:p-0">
            <DataTable
              label="Identifizierungen"
              columns={identificationColumns}
              rows={investor.data.identifications}
              rowKey={(row) => row.id}
              empty={{ title: 'Noch keine Identifizierung' }}
            />
          </Card>
          <SavingsPlansCard id={id} />
          <AutoInvestCard id={id} />
          <ComplianceLogCard id={id} />
        </div>
        <div className="space-y-4">
          <Card title="Profil">
            <Facts
              items={[
                ['Telefon', profile.phone ?? '–'],
                ['Adresse', profile.address ?? '–'],
                ['Geburtsdatum', profile.birthDate ?? '–'],
                ['Staatsbürgerschaft', profile.nationality ?? '–'],
                ['PEP', profile.pep === null ? '–' : profile.pep ? 'Ja' : 'Nein'],
                [
                  'IBAN',
                  <span key="iban" className="font-mono text-xs">
                    {profile.iban ?? '–'}
                  </span>,
                ],
                ['Partner', profile.partnerId],
                ['E-Mail bestätigt', date(profile.emailVerifiedAt)],
                ['Registriert', date(profile.createdAt)],
              ]}
            />
          </Card>
          <Card title="Vereinbarungen">
            {investor.data.agreements.length === 0 ? <p className="text-muted">Noch nichts unterschrieben.</p> : null}
            {investor.data.agreements.map((agreement) => (
              <p key={agreement.createdAt}>
                {agreement.status === 'signed'
                  ? `Unterschrieben am ${date(agreement.signedAt)}`
                  : `Status: ${labelOf(SIGNATURE_STATUS_LABELS, agreement.status)}`}
                <span className="block text-xs text-muted">{agreement.documentTitles.join(' · ')}</span>
              </p>
            ))}
          </Card>
          {mayToggle ? (
            <Card title={locked ? 'Sperre aufheben' : 'Konto sperren'}>
              {locked ? (
                <p className="mb-2 text-muted">
                  Gesperrt seit {dateTime(profile.lockedAt)}: {profile.lockReason}
                </p>
              ) : null}
              <TextArea label="Begründung" value={reason} onChange={(event) => setReason(event.target.value)} />
              <ErrorNotice error={lock.error} />
              <Button
                className="mt-2"
                variant={locked ? 'primary' : 'danger'}
                busy={lock.isPending}
                disabled={reason.trim().length < 3}
                onClick={() => lock.mutate(!locked)}
              >
                {locked ? 'Entsperren' : 'Sperren'}
              </Button>
              {!locked ? (
                <p className="mt-2 text-xs text-muted">
                  Laufende Sitzungen enden sofort; Anmelden ist nicht mehr möglich.
                </p>
              ) : null}
            </Card>
          ) : null}
          {staffCan(role, 'POST /admin/api/v1/investors/:id/emails') ? (
            <Card title="E-Mails erneut senden">
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => resend.mutate('verification')} disabled={profile.emailVerifiedAt !== null}>
                  Bestätigungslink
                </Button>
                <Button onClick={() => resend.mutate('identificationResult')}>Ergebnis der Identifizierung</Button>
              </div>
              <div className="mt-2 space-y-2">
                <ErrorNotice error={resend.error} />
                {sent && !resend.error ? <Notice>{sent}</Notice> : null}
              </div>
            </Card>
          ) : null}
          {staffCan(role, 'POST /admin/api/v1/investors/:id/messages') ? <InvestorMessageCard id={id} /> : null}
        </div>
      </div>
    </>
  );
};

export default InvestorPage;
