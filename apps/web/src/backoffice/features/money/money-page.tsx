import { type CorrectionRow, type ReconciliationView, staffCan } from '@bw/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { boPaths } from '../../app/paths';
import { useSession } from '../../app/use-session';
import { type Column, DataTable } from '../../components/data-table';
import {
  Badge,
  Button,
  Card,
  ErrorNotice,
  Facts,
  fieldError,
  Notice,
  PageHeader,
  SelectField,
  TextArea,
  TextField,
} from '../../components/ui';
import { centsFromEuroInput, dateTime, eur } from '../../lib/format';
import { useInvestors } from '../investors/api';
import { moneyKey, recordCorrection, useCorrections, useReconciliation } from './api';
import { BankWires, PayoutReviews } from './payout-reviews';

const BOOK_LABELS: Record<string, string> = {
  user_cash: 'Guthaben der Investoren',
  user_cash_held: 'Reserviert (Käufe, Auszahlungen)',
  psp_clearing: 'Zahlungsdienstleister (Gegenkonto)',
  issuer_cash: 'Emittenten',
  platform_fees: 'Plattformgebühren',
  bonuses: 'Boni (Marketing)',
  asset_income: 'Erträge der Objekte',
  corrections: 'Korrekturen (Betreiber)',
};

type Difference = ReconciliationView['differences'][number];
const differenceColumns: Column<Difference>[] = [
  { key: 'problem', header: 'Abweichung', cell: (row) => row.problem },
  { key: 'type', header: 'Art', cell: (row) => row.type },
  { key: 'status', header: 'Status', cell: (row) => row.status },
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
        <Facts
          items={data.books.map((book) => [BOOK_LABELS[book.kind] ?? book.kind, eur(book.balanceCents)] as const)}
        />
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

type Form = { userId: string; direction: 'credit' | 'debit'; amount: string; reason: string };
const EMPTY: Form = { userId: '', direction: 'credit', amount: '', reason: '' };

const CorrectionForm = () => {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const investors = useInvestors(search.trim());
  const [form, setForm] = useState<Form>(EMPTY);
  // One key per correction the person means: a double click or a retry books once.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState<CorrectionRow | null>(null);
  const book = useMutation({
    mutationFn: recordCorrection,
    onSuccess: (row) => {
      setDone(row);
      setForm(EMPTY);
      setKey(crypto.randomUUID());
      void queryClient.invalidateQueries({ queryKey: moneyKey });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    book.mutate({
      userId: form.userId,
      direction: form.direction,
      amountCents: centsFromEuroInput(form.amount) ?? form.amount,
      reason: form.reason,
      idempotencyKey: key,
    });
  };
  const options = [
    { value: '', label: search.trim() ? 'Investor wählen …' : 'Erst oben suchen' },
    ...(investors.data ?? []).slice(0, 20).map((row) => ({ value: row.id, label: `${row.name} (${row.email})` })),
  ];
  return (
    <Card title="Korrektur buchen">
      <form className="space-y-3" onSubmit={submit} noValidate>
        <TextField
          label="Investor suchen"
          placeholder="Name, E-Mail oder IBAN"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <SelectField
          label="Investor"
          value={form.userId}
          options={options}
          error={fieldError(book.error, 'userId')}
          onChange={(event) => setForm({ ...form, userId: event.target.value })}
        />
        <SelectField
          label="Richtung"
          value={form.direction}
          options={[
            { value: 'credit', label: 'Gutschrift an den Investor' },
            { value: 'debit', label: 'Belastung des Investors' },
          ]}
          onChange={(event) => setForm({ ...form, direction: event.target.value as Form['direction'] })}
        />
        <TextField
          label="Betrag in €"
          inputMode="decimal"
          value={form.amount}
          error={fieldError(book.error, 'amountCents')}
          onChange={(event) => setForm({ ...form, amount: event.target.value })}
        />
        <TextArea
          label="Grund (sieht der Investor)"
          value={form.reason}
          error={fieldError(book.error, 'reason')}
          onChange={(event) => setForm({ ...form, reason: event.target.value })}
        />
        <ErrorNotice error={book.error} />
        <Button type="submit" variant="primary" busy={book.isPending} className="w-full">
          Gegenbuchung ausführen
        </Button>
        {done ? (
          <Notice>
            Gebucht: {eur(done.amountCents)} für {done.email}.
          </Notice>
        ) : null}
        <p className="text-xs text-muted">
          Korrekturen ändern nie eine Buchung: jede ist eine eigene ausgeglichene Gegenbuchung zwischen dem Guthaben des
          Investors und dem Korrekturkonto des Betreibers, mit Grund und Protokolleintrag.
        </p>
      </form>
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
        <div className={mayCorrect ? 'grid grid-cols-[1fr_22rem] items-start gap-4' : ''}>
          <Reconciliation />
          {mayCorrect ? <CorrectionForm /> : null}
        </div>
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
