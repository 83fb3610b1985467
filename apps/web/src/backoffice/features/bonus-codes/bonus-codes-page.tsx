import {
  BONUS_APPLICABILITIES,
  type BonusCodeRow,
  type CreateBonusCodeBody,
  createBonusCodeBody,
  staffCan,
} from '@bw/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { useZodForm } from '../../../components/form';
import { type Column, DataTable } from '../../components/data-table';
import { BoForm, FormNotice, FormSelectField, FormSubmit, FormTextField } from '../../components/form-fields';
import { Badge, Button, Card, ErrorNotice, Notice, PageHeader } from '../../components/ui';
import { asBody, euros, optionalCount } from '../../lib/form-rules';
import { centsFromEuroInput, date, dateTime, eur } from '../../lib/format';
import { useSession } from '../../lib/use-session';
import { bonusCodesKey, createBonusCode, disableBonusCode, useBonusCodes, useRedemptions } from './api';
import { CampaignsSection } from './campaigns-section';

const STATE: Record<BonusCodeRow['state'], { label: string; tone: 'ok' | 'warn' | 'bad' | 'neutral' }> = {
  active: { label: 'Aktiv', tone: 'ok' },
  expired: { label: 'Abgelaufen', tone: 'neutral' },
  usedUp: { label: 'Ausgeschöpft', tone: 'warn' },
  disabled: { label: 'Beendet', tone: 'bad' },
};
const MARKETS = [
  { value: 'primaryMarket', label: 'Zeichnung (Primärmarkt)' },
  { value: 'secondaryMarket', label: 'Handel (Sekundärmarkt)' },
  { value: 'primaryAndSecondary', label: 'Beide Märkte' },
];
const marketLabel = (value: string) => MARKETS.find((market) => market.value === value)?.label ?? value;

const codeFields = z.object({
  code: z.string(),
  title: z.string(),
  amount: euros('Bitte gib den Bonus in € an.'),
  applicability: z.enum(BONUS_APPLICABILITIES),
  minimum: euros('Bitte gib das Mindestinvestment in € an.', { optional: true }),
  validUntil: z.string(),
  maxRedemptions: optionalCount('Bitte gib eine ganze Zahl an.'),
  budget: euros('Bitte gib das Budget in € an.', { optional: true }),
});
type Form = z.input<typeof codeFields>;
const EMPTY: Form = {
  code: '',
  title: '',
  amount: '',
  applicability: 'primaryMarket',
  minimum: '0',
  validUntil: '',
  maxRedemptions: '',
  budget: '',
};
/** The body fields the form shows in euros. */
const ALIASES = { amountCents: 'amount', minimumInvestmentCents: 'minimum', budgetCents: 'budget' };

/** The form's euros and dates as the admin API takes them; a wrong amount stays text so the server names it. */
const bodyOf = (form: Form): CreateBonusCodeBody => ({
  code: form.code,
  partnerId: null,
  title: form.title,
  amountCents: centsFromEuroInput(form.amount) ?? form.amount,
  applicability: form.applicability,
  minimumInvestmentCents: centsFromEuroInput(form.minimum || '0') ?? form.minimum,
  validUntil: form.validUntil ? new Date(`${form.validUntil}T23:59:59`).toISOString() : null,
  maxRedemptions: form.maxRedemptions.trim() ? Number(form.maxRedemptions) : null,
  budgetCents: form.budget ? (centsFromEuroInput(form.budget) ?? form.budget) : null,
});

const codeForm = asBody(codeFields, bodyOf, createBonusCodeBody, ALIASES);

const CreateForm = () => {
  const queryClient = useQueryClient();
  const form = useZodForm(codeForm, { defaultValues: EMPTY });
  const [created, setCreated] = useState<string | null>(null);
  const submit = async (body: CreateBonusCodeBody) => {
    setCreated(null);
    const row = await createBonusCode(body);
    setCreated(row.code);
    form.reset(EMPTY);
    void queryClient.invalidateQueries({ queryKey: bonusCodesKey });
  };
  return (
    <Card title="Neue Aktion">
      <BoForm
        form={form}
        onSubmit={submit}
        serverErrors={{ aliases: ALIASES }}
        className="grid grid-cols-4 items-start gap-3"
      >
        <FormTextField name="code" label="Code" placeholder="z. B. FRUEHLING25" />
        <FormTextField name="title" className="col-span-2" label="Titel" />
        <FormSelectField name="applicability" label="Markt" options={MARKETS} />
        <FormTextField name="amount" label="Bonus in €" inputMode="decimal" />
        <FormTextField name="minimum" label="Mindestinvestment in €" inputMode="decimal" />
        <FormTextField name="maxRedemptions" label="Höchstens Einlösungen" inputMode="numeric" />
        <FormTextField name="budget" label="Budget in €" inputMode="decimal" />
        <FormTextField name="validUntil" label="Gültig bis (leer: unbegrenzt)" type="date" />
        <FormNotice className="col-span-4" />
        <div className="col-span-3 flex items-end gap-3 self-end">
          <FormSubmit>Aktion anlegen</FormSubmit>
          {created ? <Notice>Der Code {created} ist angelegt und sofort einlösbar.</Notice> : null}
        </div>
      </BoForm>
    </Card>
  );
};

/** Bonus codes and campaigns: create with limits and budget, end early, see who redeemed. */
const BonusCodesPage = () => {
  const session = useSession();
  const queryClient = useQueryClient();
  const codes = useBonusCodes();
  const [selected, setSelected] = useState<string | null>(null);
  const redemptions = useRedemptions(selected);
  const mayManage = staffCan(session.staff.role, 'POST /admin/api/v1/bonus-codes');
  const end = useMutation({
    mutationFn: disableBonusCode,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bonusCodesKey }),
  });

  const columns: Column<BonusCodeRow>[] = [
    { key: 'code', header: 'Code', cell: (row) => <span className="font-mono font-medium">{row.code}</span> },
    {
      key: 'title',
      header: 'Aktion',
      cell: (row) => (
        <>
          <span className="block">{row.title}</span>
          <span className="text-xs text-muted">{marketLabel(row.applicability)}</span>
        </>
      ),
    },
    { key: 'amount', header: 'Bonus', align: 'right', cell: (row) => eur(row.amountCents) },
    {
      key: 'use',
      header: 'Eingelöst',
      align: 'right',
      cell: (row) => `${row.redemptions}${row.maxRedemptions ? ` / ${row.maxRedemptions}` : ''}`,
    },
    {
      key: 'budget',
      header: 'Budget',
      align: 'right',
      cell: (row) => (row.budgetCents ? `${eur(row.redeemedCents)} / ${eur(row.budgetCents)}` : '–'),
    },
    { key: 'until', header: 'Gültig bis', cell: (row) => date(row.validUntil) },
    {
      key: 'state',
      header: 'Status',
      cell: (row) => <Badge tone={STATE[row.state].tone}>{STATE[row.state].label}</Badge>,
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      cell: (row) =>
        mayManage && row.state !== 'disabled' ? (
          <Button
            variant="danger"
            onClick={(event) => {
              event.stopPropagation();
              end.mutate(row.code);
            }}
          >
            Beenden
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title="Bonus-Codes"
        subtitle="Aktionen mit Betrag, Mindestinvestment, Laufzeit, Limit und Budget. Eine Zeile zeigt ihre Einlösungen."
      />
      <div className="space-y-4">
        {mayManage ? <CreateForm /> : null}
        <Card className="overflow-hidden [&>div]:p-0">
          <ErrorNotice error={codes.error ?? end.error} />
          <DataTable
            label="Bonus-Codes"
            columns={columns}
            rows={codes.data}
            rowKey={(row) => row.code}
            loading={codes.isPending}
            onSelect={(row) => setSelected(row.code)}
            empty={{ title: 'Noch keine Bonus-Codes', text: 'Lege oben die erste Aktion an.' }}
          />
        </Card>
        {selected ? (
          <Card
            title={`Einlösungen von ${selected}`}
            actions={
              <Button variant="ghost" onClick={() => setSelected(null)}>
                Schließen
              </Button>
            }
          >
            <ErrorNotice error={redemptions.error} />
            {redemptions.data?.length === 0 ? (
              <p className="text-muted">Noch niemand hat diesen Code eingelöst.</p>
            ) : (
              <ul className="divide-y divide-line">
                {redemptions.data?.map((row) => (
                  <li key={row.bonusId} className="flex justify-between py-1.5">
                    <span>{row.email}</span>
                    <span className="text-muted">
                      eingelöst {dateTime(row.redeemedAt)}
                      {row.usedAt ? `, verwendet ${dateTime(row.usedAt)}` : ', noch offen'}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        ) : null}
        <h2 className="pt-4 text-lg font-semibold text-ink">Bonus-Aktionen</h2>
        <CampaignsSection />
      </div>
    </>
  );
};

export default BonusCodesPage;
