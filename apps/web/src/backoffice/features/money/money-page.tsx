import {
  type CorrectionBody,
  type CorrectionRow,
  correctionBody,
  type ReconciliationView,
  staffCan,
} from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { useZodForm } from '../../../components/form';
import { type Column, DataTable } from '../../components/data-table';
import {
  BoForm,
  FormNotice,
  FormSelectField,
  FormSubmit,
  FormTextArea,
  FormTextField,
} from '../../components/form-fields';
import { Badge, Card, ErrorNotice, Facts, Notice, PageHeader, TextField } from '../../components/ui';
import { asBody, euros } from '../../lib/form-rules';
import { centsFromEuroInput, dateTime, eur } from '../../lib/format';
import { boPaths } from '../../lib/paths';
import { useSession } from '../../lib/use-session';
import { useInvestors } from '../investors/api';
import { moneyKey, recordCorrection, useCorrections, useReconciliation } from './api';
import { BankWires, PayoutReviews } from './payout-reviews';
import { ProviderReconciliationCases } from './reconciliation-cases';

const BOOK_LABELS: Record<string, string> = {
  user_cash: 'Guthaben der Investoren',
  user_cash_held: 'Reserviert (Käufe, Auszahlungen)',
  psp_clearing: 'Zahlungsdienstleister (Gegenkonto)',
  issuer_cash: 'Emittenten',
  platform_fees: 'Plattformgebühren',
  bonuses: 'Boni (Marketing)',
  asset_income: 'Erträge der Objekte',
  corrections: 'Korrekturen (Betreiber)',
  tax_liability: 'Einbehaltene Steuern (an das Finanzamt)',
};

/** A book's German name; a book the page does not know yet is named as such, never by its code. */
const bookLabel = (kind: string): string => BOOK_LABELS[kind] ?? 'Sonstiges Konto';

const TYPE_LABELS: Record<string, string> = {
  charge: 'Einzahlung',
  payout: 'Auszahlung',
  buy: 'Kauf',
  sell: 'Verkauf',
  rent: 'Ausschüttung',
  bonus: 'Bonus',
  financing: 'Finanzierung',
};

const STATUS_LABELS: Record<string, string> = {
  pending: 'in Bearbeitung',
  success: 'erfolgreich',
  canceled: 'storniert',
  error: 'fehlgeschlagen',
};

type Difference = ReconciliationView['differences'][number];
const differenceColumns: Column<Difference>[] = [
  { key: 'problem', header: 'Abweichung', cell: (row) => row.problem },
  { key: 'type', header: 'Art', cell: (row) => TYPE_LABELS[row.type] ?? row.type },
  { key: 'status', header: 'Status', cell: (row) => STATUS_LABELS[row.status] ?? row.status },
  { key: 'amount', header: 'Betrag', align: 'right', cell: (row) => eur(row.amountCents) },
  {
    key: 'investor',
    header: 'Investor',
    cell: (row) => (
      <Link className="text-accent hover:underline" to={boPaths.investor(row.userId)}>
        öffnen
      </Link>
    ),
  },
];

const correctionColumns: Column<CorrectionRow>[] = [
  { key: 'when', header: 'Zeitpunkt', cell: (row) => dateTime(row.createdAt) },
  { key: 'who', header: 'Investor', cell: (row) => row.email },
  {
    key: 'amount',
    header: 'Betrag',
    align: 'right',
    cell: (row) => (
      <span className={row.amountCents.startsWith('-') ? 'text-bad' : 'text-ok'}>{eur(row.amountCents)}</span>
    ),
  },
  { key: 'reason', header: 'Grund', cell: (row) => row.reason },
];

const Reconciliation = () => {
  const view = useReconciliation();
  if (!view.data) return <ErrorNotice error={view.error} />;
  const data = view.data;
  const inBalance = data.ledgerBalanced && data.differenceCents === '0' && data.differences.length === 0;
  return (
    <Card
      title="Tagesabstimmung"
      actions={<Badge tone={inBalance ? 'ok' : 'bad'}>{inBalance ? 'Stimmt überein' : 'Abweichungen'}</Badge>}
    >
      <div className="space-y-4">
        <Facts
          items={[
            ['Stand', dateTime(data.generatedAt)],
            [
              'Doppelte Buchführung',
              data.ledgerBalanced
                ? 'jede Einheit summiert sich zu null'
                : `${data.unbalancedUnits.length} Einheiten unausgeglichen`,
            ],
            ['Beim Dienstleister laut Hauptbuch', eur(data.ledgerProviderCents)],
            ['Laut bestätigten Zahlungen', eur(data.confirmedCents)],
            [
              'Differenz',
              <span key="d" className={data.differenceCents === '0' ? '' : 'font-semibold text-bad'}>
                {eur(data.differenceCents)}
              </span>,
            ],
            ['Offene Auszahlungen', String(data.pendingPayouts)],
          ]}
        />
        <div className="space-y-2 border-t border-line pt-4">
          <h3 className="font-semibold text-ink">Konten im Hauptbuch</h3>
          <Facts items={data.books.map((book) => [bookLabel(book.kind), eur(book.balanceCents)] as const)} />
        </div>
      </div>
      {data.differences.length > 0 ? (
        <div className="mt-4 overflow-hidden rounded-md border border-line">
          <DataTable
            label="Abweichungen"
            columns={differenceColumns}
            rows={data.differences}
            rowKey={(row) => `${row.transactionId}-${row.problem}`}
            empty={{ title: 'Keine Abweichungen' }}
          />
        </div>
      ) : null}
    </Card>
  );
};

/** The correction with its amount in euros; sent in cents and checked by the contract's body. */
const correctionForm = asBody(
  z.object({
    userId: z.string().min(1, 'Bitte wähle einen Investor.'),
    kind: z.enum(['credit', 'debit', 'feeRefund']),
    amount: euros('Bitte gib einen Betrag größer als 0 ein.', { positive: true }),
    reason: z.string(),
    idempotencyKey: z.string(),
  }),
  ({ amount, kind, ...form }) => ({
    ...form,
    direction: kind === 'debit' ? ('debit' as const) : ('credit' as const),
    purpose: kind === 'feeRefund' ? ('feeRefund' as const) : ('correction' as const),
    amountCents: centsFromEuroInput(amount) ?? amount,
  }),
  correctionBody,
  { amountCents: 'amount', direction: 'kind', purpose: 'kind' },
);
// One key per correction the person means: a double click or a retry books once.
const emptyCorrection = (): z.input<typeof correctionForm> => ({
  userId: '',
  kind: 'credit',
  amount: '',
  reason: '',
  idempotencyKey: crypto.randomUUID(),
});
const KINDS = [
  { value: 'credit', label: 'Gutschrift an den Investor' },
  { value: 'debit', label: 'Belastung des Investors' },
  { value: 'feeRefund', label: 'Gebührenerstattung an den Investor' },
];

const CorrectionForm = () => {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const investors = useInvestors(search.trim());
  const form = useZodForm(correctionForm, { defaultValues: emptyCorrection() });
  const [done, setDone] = useState<CorrectionRow | null>(null);
  const book = async (body: CorrectionBody) => {
    setDone(null);
    const row = await recordCorrection(body);
    setDone(row);
    form.reset(emptyCorrection());
    void queryClient.invalidateQueries({ queryKey: moneyKey });
  };
  const options = [
    { value: '', label: search.trim() ? 'Investor wählen …' : 'Erst oben suchen' },
    ...(investors.data ?? []).slice(0, 20).map((row) => ({ value: row.id, label: `${row.name} (${row.email})` })),
  ];
  return (
    <Card title="Korrektur buchen">
      <BoForm
        form={form}
        onSubmit={book}
        serverErrors={{ aliases: { amountCents: 'amount', direction: 'kind', purpose: 'kind' } }}
        className="space-y-3"
      >
        <TextField
          label="Investor suchen"
          placeholder="Name, E-Mail oder IBAN"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <FormSelectField name="userId" label="Investor" options={options} />
        <FormSelectField name="kind" label="Art" options={KINDS} />
        <FormTextField name="amount" label="Betrag in €" inputMode="decimal" />
        <FormTextArea name="reason" label="Grund (sieht der Investor)" />
        <FormNotice />
        <FormSubmit className="w-full">Gegenbuchung ausführen</FormSubmit>
        {done ? (
          <Notice>
            Gebucht: {eur(done.amountCents)} für {done.email}.
          </Notice>
        ) : null}
        <p className="text-xs text-muted">
          Korrekturen ändern nie eine Buchung: jede ist eine eigene ausgeglichene Gegenbuchung zwischen dem Guthaben des
          Investors und dem Korrekturkonto des Betreibers, mit Grund und Protokolleintrag.
        </p>
      </BoForm>
    </Card>
  );
};

/** Money operations: the daily reconciliation and manual corrections as compensating postings. */
const MoneyPage = () => {
  const session = useSession();
  const corrections = useCorrections();
  const mayCorrect = staffCan(session.staff.role, 'POST /admin/api/v1/corrections');
  return (
    <>
      <PageHeader
        title="Geld"
        subtitle="Abstimmung von Hauptbuch und Zahlungsdienstleister, Korrekturen als Gegenbuchungen."
      />
      <div className="space-y-4">
        <div className={mayCorrect ? 'grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]' : ''}>
          <Reconciliation />
          {mayCorrect ? <CorrectionForm /> : null}
        </div>
        <ProviderReconciliationCases />
        <PayoutReviews />
        <BankWires />
        <Card title="Korrekturen" className="overflow-hidden [&>div]:p-0">
          <ErrorNotice error={corrections.error} />
          <DataTable
            label="Korrekturen"
            columns={correctionColumns}
            rows={corrections.data}
            rowKey={(row) => row.id}
            loading={corrections.isPending}
            empty={{ title: 'Noch keine Korrekturen' }}
          />
        </Card>
      </div>
    </>
  );
};

export default MoneyPage;
