import { type ProviderReconciliationCase, resolveReconciliationCaseBody, staffCan } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useZodForm } from '../../../components/form';
import { type Column, DataTable } from '../../components/data-table';
import { BoForm, FormInlineInput, FormSubmit } from '../../components/form-fields';
import { Badge, Card, ErrorNotice } from '../../components/ui';
import { date, dateTime, eur } from '../../lib/format';
import { boPaths } from '../../lib/paths';
import { useSession } from '../../lib/use-session';
import { moneyKey, resolveProviderReconciliationCase, useProviderReconciliationCases } from './api';

/** Which wallet a case is about (ADR 0038): the platform's fee or house wallet, or an investor's. */
const walletLabel = (row: ProviderReconciliationCase): string => {
  if (row.walletRef === 'fees') return 'Gebührenkonto der Plattform';
  if (row.walletRef === 'house') return 'Hauskonto der Plattform';
  return 'Zahlungskonto des Investors';
};

/** Mark one case resolved with a note; the audit log keeps who and why. */
const Resolve = ({ row }: { readonly row: ProviderReconciliationCase }) => {
  const queryClient = useQueryClient();
  const form = useZodForm(resolveReconciliationCaseBody, { defaultValues: { note: '' } });
  const resolve = async ({ note }: z.output<typeof resolveReconciliationCaseBody>) => {
    await resolveProviderReconciliationCase(row.id, note);
    void queryClient.invalidateQueries({ queryKey: moneyKey });
  };
  return (
    <BoForm form={form} onSubmit={resolve} serverErrors={{ errorField: 'note' }} className="flex w-44 flex-col gap-1.5">
      <FormInlineInput
        name="note"
        aria-label={`Klärung der Abweichung vom ${date(row.runDay)}`}
        placeholder="Wie geklärt?"
        className="w-full rounded border border-line px-2 py-1"
      />
      <FormSubmit>Erledigt</FormSubmit>
    </BoForm>
  );
};

/**
 * The daily reconciliation's cases (issue 38): each wallet at Mangopay whose balance differs from
 * the ledger on a day. Open ones first; staff mark them resolved with a note (audited). A correction,
 * if one is needed, is booked in "Korrektur buchen".
 */
export const ProviderReconciliationCases = () => {
  const session = useSession();
  const cases = useProviderReconciliationCases();
  const mayResolve = staffCan(session.staff.role, 'POST /admin/api/v1/provider-reconciliation-cases/:id/resolve');
  const open = cases.data?.filter((row) => row.status === 'open').length ?? 0;
  const columns: Column<ProviderReconciliationCase>[] = [
    { key: 'day', header: 'Abgleich vom', cell: (row) => date(row.runDay) },
    {
      key: 'wallet',
      header: 'Konto',
      cell: (row) => (
        <>
          <span className="block">{walletLabel(row)}</span>
          <span className="font-mono text-xs text-muted">Mangopay {row.providerWalletId}</span>
        </>
      ),
    },
    {
      key: 'investor',
      header: 'Investor',
      cell: (row) =>
        row.userId ? (
          <Link className="text-accent hover:underline" to={boPaths.investor(row.userId)}>
            {row.email ?? 'öffnen'}
          </Link>
        ) : (
          '–'
        ),
    },
    { key: 'ledger', header: 'Laut Hauptbuch', align: 'right', cell: (row) => eur(row.ledgerCents) },
    { key: 'provider', header: 'Laut Mangopay', align: 'right', cell: (row) => eur(row.providerCents) },
    {
      key: 'difference',
      header: 'Differenz',
      align: 'right',
      cell: (row) => <span className="font-semibold">{eur(row.differenceCents)}</span>,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (row) =>
        row.status === 'open' && mayResolve ? (
          <Resolve row={row} />
        ) : row.status === 'open' ? (
          <Badge tone="warn">Offen</Badge>
        ) : (
          <span className="flex flex-col gap-0.5">
            <Badge tone="ok">Erledigt</Badge>
            {row.resolvedAt ? <span className="text-xs text-muted">{dateTime(row.resolvedAt)}</span> : null}
          </span>
        ),
    },
  ];
  return (
    <Card
      title="Abweichungen beim Zahlungsdienstleister"
      actions={open > 0 ? <Badge tone="bad">{`${open} offen`}</Badge> : null}
      className="[&>div]:p-0"
    >
      <ErrorNotice error={cases.error} />
      <DataTable
        label="Abweichungen beim Zahlungsdienstleister"
        columns={columns}
        rows={cases.data}
        rowKey={(row) => row.id}
        loading={cases.isPending}
        empty={{
          title: 'Keine Abweichungen',
          text: 'Der tägliche Abgleich der Mangopay-Konten mit dem Hauptbuch hat nichts gefunden.',
        }}
      />
    </Card>
  );
};
