import {
  type BankWireRow,
  type PayoutReviewRow,
  payoutDecisionBody,
  payoutThresholdBody,
  staffCan,
} from '@bw/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { z } from 'zod';
import { useZodForm } from '../../../components/form';
import { type Column, DataTable } from '../../components/data-table';
import { BoForm, FormInlineInput, FormSubmit, FormTextField } from '../../components/form-fields';
import { Badge, Button, Card, ErrorNotice } from '../../components/ui';
import { asBody, euros } from '../../lib/form-rules';
import { centsFromEuroInput, dateTime, eur, euroInputFromCents } from '../../lib/format';
import { boPaths } from '../../lib/paths';
import { useSession } from '../../lib/use-session';
import {
  confirmBankWire,
  decidePayout,
  moneyKey,
  setPayoutThreshold,
  useBankWires,
  usePayoutReviews,
  usePayoutThreshold,
} from './api';

const REVIEW_STATUS: Record<PayoutReviewRow['status'], { label: string; tone: 'warn' | 'ok' | 'bad' }> = {
  waiting: { label: 'Wartet', tone: 'warn' },
  released: { label: 'Freigegeben', tone: 'ok' },
  rejected: { label: 'Abgelehnt', tone: 'bad' },
};

const THRESHOLD_MESSAGE = 'Bitte einen Betrag über 0 angeben.';
/** The threshold in euros, sent in cents and checked by the contract's body. */
const thresholdForm = asBody(
  z.object({ threshold: euros(THRESHOLD_MESSAGE, { positive: true }) }),
  ({ threshold }) => ({ thresholdCents: centsFromEuroInput(threshold) ?? threshold }),
  payoutThresholdBody,
  { thresholdCents: 'threshold' },
);

/** The threshold as an inline form: "Übernehmen" appears once it is changed. */
const ThresholdForm = ({ cents }: { readonly cents: string }) => {
  const queryClient = useQueryClient();
  const form = useZodForm(thresholdForm, { defaultValues: { threshold: euroInputFromCents(cents) } });
  const save = async ({ thresholdCents }: z.output<typeof payoutThresholdBody>) => {
    await setPayoutThreshold(thresholdCents);
    void queryClient.invalidateQueries({ queryKey: moneyKey });
  };
  return (
    <BoForm
      form={form}
      onSubmit={save}
      serverErrors={{ fallback: THRESHOLD_MESSAGE, errorField: 'threshold' }}
      className="flex items-end gap-2"
    >
      <FormTextField name="threshold" label="Prüfen ab (€)" className="w-32" inputMode="decimal" />
      {form.formState.isDirty ? <FormSubmit variant="secondary">Übernehmen</FormSubmit> : null}
    </BoForm>
  );
};

const Threshold = () => {
  const session = useSession();
  const threshold = usePayoutThreshold();
  if (!threshold.data) return null;
  if (!staffCan(session.staff.role, 'PUT /admin/api/v1/payouts/threshold'))
    return <span className="text-xs text-muted">ab {eur(threshold.data.thresholdCents)}</span>;
  // A new threshold starts the form afresh with it.
  return <ThresholdForm key={threshold.data.thresholdCents} cents={threshold.data.thresholdCents} />;
};

/** Release or reject one payout with the reason; the button pressed sets the decision, any refusal shows under the reason. */
const Decision = ({ row }: { readonly row: PayoutReviewRow }) => {
  const queryClient = useQueryClient();
  const form = useZodForm(payoutDecisionBody, { defaultValues: { decision: 'release', reason: '' } });
  const decide = async ({ decision, reason }: z.output<typeof payoutDecisionBody>) => {
    await decidePayout(row.transactionId, decision, reason);
    void queryClient.invalidateQueries({ queryKey: moneyKey });
  };
  return (
    <BoForm form={form} onSubmit={decide} serverErrors={{ errorField: 'reason' }} className="flex items-start gap-1.5">
      <FormInlineInput
        name="reason"
        aria-label={`Grund für ${row.name}`}
        placeholder="Grund"
        className="w-36 rounded border border-line px-2 py-1"
      />
      <FormSubmit onClick={() => form.setValue('decision', 'release')}>Freigeben</FormSubmit>
      <FormSubmit variant="danger" onClick={() => form.setValue('decision', 'reject')}>
        Ablehnen
      </FormSubmit>
    </BoForm>
  );
};

/** Payouts at or above the threshold wait here; release asks the provider, reject returns the money. */
export const PayoutReviews = () => {
  const session = useSession();
  const reviews = usePayoutReviews();
  const mayDecide = staffCan(session.staff.role, 'POST /admin/api/v1/payouts/:id/decision');
  const columns: Column<PayoutReviewRow>[] = [
    { key: 'when', header: 'Beauftragt', cell: (row) => dateTime(row.createdAt) },
    {
      key: 'who',
      header: 'Investor',
      cell: (row) => (
        <Link className="text-accent hover:underline" to={boPaths.investor(row.userId)}>
          {row.name}
        </Link>
      ),
    },
    {
      key: 'to',
      header: 'Empfänger',
      cell: (row) => (
        <>
          <span className="block">{row.owner}</span>
          <span className="font-mono text-xs text-muted">{row.iban}</span>
        </>
      ),
    },
    {
      key: 'amount',
      header: 'Betrag',
      align: 'right',
      cell: (row) => <span className="font-semibold">{eur(row.amountCents)}</span>,
    },
    { key: 'left', header: 'Restguthaben', align: 'right', cell: (row) => eur(row.availableCents) },
    {
      key: 'decision',
      header: 'Entscheidung',
      cell: (row) =>
        row.status !== 'waiting' || !mayDecide ? (
          <span className="flex flex-col gap-0.5">
            <Badge tone={REVIEW_STATUS[row.status].tone}>{REVIEW_STATUS[row.status].label}</Badge>
            {row.reason ? <span className="text-xs text-muted">{row.reason}</span> : null}
          </span>
        ) : (
          <Decision row={row} />
        ),
    },
  ];
  return (
    <Card title="Auszahlungen zur Freigabe" actions={<Threshold />} className="[&>div]:p-0">
      <ErrorNotice error={reviews.error} />
      <DataTable
        label="Auszahlungen zur Freigabe"
        columns={columns}
        rows={reviews.data}
        rowKey={(row) => row.transactionId}
        loading={reviews.isPending}
        empty={{
          title: 'Keine Auszahlung wartet',
          text: 'Auszahlungen ab der Schwelle erscheinen hier vor dem Versand.',
        }}
      />
    </Card>
  );
};

/** Builder-owner purchases: confirm the wire and the notary documents; with both, the purchase settles. */
export const BankWires = () => {
  const session = useSession();
  const queryClient = useQueryClient();
  const wires = useBankWires();
  const confirm = useMutation({
    mutationFn: (input: { id: string; event: 'paymentReceived' | 'notaryDocumentsReceived' }) =>
      confirmBankWire(input.id, input.event),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: moneyKey }),
  });
  const mayConfirm = staffCan(session.staff.role, 'POST /admin/api/v1/bank-wires/:id/events');
  const columns: Column<BankWireRow>[] = [
    {
      key: 'ref',
      header: 'Verwendungszweck',
      cell: (row) => <span className="font-mono text-xs">{row.paymentReference ?? '–'}</span>,
    },
    { key: 'who', header: 'Investor', cell: (row) => row.email },
    { key: 'asset', header: 'Objekt', cell: (row) => `${row.assetTitle} (${row.shares} Anteile)` },
    { key: 'due', header: 'Fällig', align: 'right', cell: (row) => eur(row.dueCents) },
    {
      key: 'steps',
      header: 'Eingang',
      cell: (row) => (
        <span className="flex flex-wrap gap-1.5">
          {row.paymentReceivedAt ? (
            <Badge tone="ok">Zahlung {dateTime(row.paymentReceivedAt)}</Badge>
          ) : mayConfirm ? (
            <Button onClick={() => confirm.mutate({ id: row.transactionId, event: 'paymentReceived' })}>
              Zahlung eingegangen
            </Button>
          ) : (
            <Badge tone="warn">Zahlung offen</Badge>
          )}
          {row.notaryDocumentsReceivedAt ? (
            <Badge tone="ok">Notar {dateTime(row.notaryDocumentsReceivedAt)}</Badge>
          ) : mayConfirm ? (
            <Button onClick={() => confirm.mutate({ id: row.transactionId, event: 'notaryDocumentsReceived' })}>
              Notarunterlagen da
            </Button>
          ) : (
            <Badge tone="warn">Notar offen</Badge>
          )}
        </span>
      ),
    },
  ];
  return (
    <Card title="Überweisungen im Bauherrenmodell" className="[&>div]:p-0">
      <ErrorNotice error={wires.error ?? confirm.error} />
      <DataTable
        label="Überweisungen im Bauherrenmodell"
        columns={columns}
        rows={wires.data}
        rowKey={(row) => row.transactionId}
        loading={wires.isPending}
        empty={{ title: 'Nichts offen', text: 'Käufe im Bauherrenmodell warten hier auf Zahlung und Notar.' }}
      />
    </Card>
  );
};
