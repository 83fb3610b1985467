import {
  type BonusCampaignRow,
  CAMPAIGN_KINDS,
  type CreateBonusCampaignBody,
  createBonusCampaignBody,
  staffCan,
} from '@bw/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Ref, useId, useState } from 'react';
import { useController } from 'react-hook-form';
import { z } from 'zod';
import { useZodForm } from '../../../components/form';
import { type Column, DataTable } from '../../components/data-table';
import { BoForm, FormNotice, FormSelectField, FormSubmit, FormTextField } from '../../components/form-fields';
import { Badge, Button, Card, ErrorNotice, Notice } from '../../components/ui';
import { asBody, euros } from '../../lib/form-rules';
import { centsFromEuroInput, date, eur } from '../../lib/format';
import { useSession } from '../../lib/use-session';
import { usePartners } from '../partners/api';
import { campaignsKey, createCampaign, disableCampaign, settleCampaign, useCampaigns } from './api';

const KINDS = [
  { value: 'startBonus', label: 'Startbonus (nach der Verifizierung)' },
  { value: 'appStoreRating', label: 'Bonus für eine App-Bewertung' },
  { value: 'birthday', label: 'Staffel-Aktion (Geburtstagsbonus)' },
];
const kindLabel = (value: string) => KINDS.find((kind) => kind.value === value)?.label ?? value;
const STATE: Record<BonusCampaignRow['state'], { label: string; tone: 'ok' | 'warn' | 'bad' | 'neutral' }> = {
  planned: { label: 'Geplant', tone: 'neutral' },
  running: { label: 'Läuft', tone: 'ok' },
  ended: { label: 'Beendet, nicht ausgezahlt', tone: 'warn' },
  settled: { label: 'Ausgezahlt', tone: 'ok' },
  disabled: { label: 'Abgebrochen', tone: 'bad' },
};
/** The spec's birthday tiers (section 9) as the form's start: "up to € invested = bonus €", one per line. */
const BIRTHDAY_TIERS = '1000 = 100\n5000 = 550\n10000 = 1200';

const campaignFields = z.object({
  partnerId: z.string(),
  kind: z.enum(CAMPAIGN_KINDS),
  title: z.string(),
  amount: z.string(),
  tiers: z.string(),
  budget: euros('Bitte gib das Budget in € an.', { optional: true }),
  from: z.string().min(1, 'Bitte wähle den Beginn.'),
  until: z.string().min(1, 'Bitte wähle das Ende.'),
});
type Form = z.output<typeof campaignFields>;
/** The body fields the form names otherwise. */
const ALIASES = {
  amountCents: 'amount',
  budgetCents: 'budget',
  validFrom: 'from',
  validUntil: 'until',
  tiers: 'tiers',
};

const today = () => new Date().toISOString().slice(0, 10);

/** "1000 = 100" lines as tiers in cents; a line that does not parse stays text so the server names it. */
const tiersOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [invested = '', bonus = ''] = line.split('=').map((part) => part.trim());
      return {
        investedCents: centsFromEuroInput(invested) ?? invested,
        bonusCents: centsFromEuroInput(bonus) ?? bonus,
      };
    });

const bodyOf = (form: Form): CreateBonusCampaignBody => ({
  partnerId: form.partnerId,
  kind: form.kind,
  title: form.title,
  amountCents:
    form.kind === 'birthday' || form.amount.trim() === '' ? null : (centsFromEuroInput(form.amount) ?? form.amount),
  tiers: form.kind === 'birthday' ? tiersOf(form.tiers) : null,
  applicability: 'primaryAndSecondary',
  minimumInvestmentCents: '0',
  bonusValidDays: 90,
  validFrom: new Date(`${form.from}T00:00:00`).toISOString(),
  validUntil: new Date(`${form.until}T23:59:59`).toISOString(),
  budgetCents: form.budget ? (centsFromEuroInput(form.budget) ?? form.budget) : null,
});

/** The tiers of a birthday campaign, one "invested € = bonus €" per line, with their message below. */
const TiersField = () => {
  const { field, fieldState } = useController({ name: 'tiers' });
  const errorId = `${useId()}-error`;
  const error = fieldState.error?.message;
  return (
    <label className="col-span-2 block text-xs font-medium text-muted">
      Stufen: bis € investiert = Bonus €, eine pro Zeile
      <textarea
        ref={field.ref as Ref<HTMLTextAreaElement>}
        name="tiers"
        className="mt-1 block min-h-20 w-full rounded-md border border-line px-2.5 py-1.5 font-mono text-sm text-ink"
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <span id={errorId} data-testid="error-tiers" className="mt-1 block text-bad">
          {error}
        </span>
      ) : null}
    </label>
  );
};

const campaignForm = asBody(campaignFields, bodyOf, createBonusCampaignBody, ALIASES);

const CampaignForm = () => {
  const queryClient = useQueryClient();
  const partners = usePartners();
  const form = useZodForm(campaignForm, {
    defaultValues: {
      partnerId: '',
      kind: 'startBonus',
      title: '',
      amount: '',
      tiers: BIRTHDAY_TIERS,
      budget: '',
      from: today(),
      until: '',
    },
  });
  const [created, setCreated] = useState<string | null>(null);
  const kind = form.watch('kind');
  const partnerOptions = [
    { value: '', label: 'Partner wählen …' },
    ...(partners.data ?? []).map((partner) => ({ value: partner.partnerId, label: partner.name })),
  ];
  const submit = async (body: CreateBonusCampaignBody) => {
    setCreated(null);
    const row = await createCampaign(body);
    setCreated(row.title);
    void queryClient.invalidateQueries({ queryKey: campaignsKey });
  };
  return (
    <Card title="Neue Bonus-Aktion">
      <BoForm
        form={form}
        onSubmit={submit}
        serverErrors={{ aliases: ALIASES }}
        className="grid grid-cols-4 items-start gap-3"
        aria-label="Neue Bonus-Aktion"
      >
        <FormSelectField name="kind" label="Art der Aktion" options={KINDS} />
        <FormSelectField name="partnerId" label="Partner" options={partnerOptions} />
        <FormTextField name="title" className="col-span-2" label="Titel (sieht der Investor)" />
        {kind === 'birthday' ? (
          <TiersField />
        ) : (
          <FormTextField name="amount" label="Bonusbetrag (€)" inputMode="decimal" />
        )}
        <FormTextField name="budget" label="Aktionsbudget (€, leer: unbegrenzt)" inputMode="decimal" />
        <FormTextField name="from" label="Beginn" type="date" />
        <FormTextField name="until" label="Ende" type="date" />
        <FormNotice className="col-span-4" />
        <div className="col-span-4 flex items-end gap-3">
          <FormSubmit>Bonus-Aktion anlegen</FormSubmit>
          {created ? <Notice>Die Aktion „{created}“ ist angelegt.</Notice> : null}
        </div>
      </BoForm>
    </Card>
  );
};

/** Start, rating and tiered campaigns: budget used, grants, end early, pay out a tiered one after its end. */
export const CampaignsSection = () => {
  const session = useSession();
  const queryClient = useQueryClient();
  const campaigns = useCampaigns();
  const mayManage = staffCan(session.staff.role, 'POST /admin/api/v1/bonus-campaigns');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: campaignsKey });
  const end = useMutation({ mutationFn: disableCampaign, onSuccess: refresh });
  const settle = useMutation({ mutationFn: settleCampaign, onSuccess: refresh });
  const columns: Column<BonusCampaignRow>[] = [
    {
      key: 'title',
      header: 'Aktion',
      cell: (row) => (
        <>
          <span className="block">{row.title}</span>
          <span className="text-xs text-muted">
            {kindLabel(row.kind)} · {row.partnerId}
          </span>
        </>
      ),
    },
    {
      key: 'bonus',
      header: 'Bonus',
      align: 'right',
      cell: (row) =>
        row.tiers
          ? row.tiers.map((tier) => `${eur(tier.bonusCents)} bis ${eur(tier.investedCents)}`).join(', ')
          : eur(row.amountCents ?? 0),
    },
    { key: 'window', header: 'Laufzeit', cell: (row) => `${date(row.validFrom)} – ${date(row.validUntil)}` },
    {
      key: 'budget',
      header: 'Ausgegeben',
      align: 'right',
      cell: (row) => (row.budgetCents ? `${eur(row.paidCents)} / ${eur(row.budgetCents)}` : eur(row.paidCents)),
    },
    { key: 'grants', header: 'Gewährt / abgelehnt', align: 'right', cell: (row) => `${row.grants} / ${row.refusals}` },
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
        !mayManage ? null : row.state === 'ended' && row.kind === 'birthday' ? (
          <Button variant="primary" onClick={() => settle.mutate(row.id)} busy={settle.isPending}>
            Auszahlen
          </Button>
        ) : row.state === 'running' || row.state === 'planned' ? (
          <Button variant="danger" onClick={() => end.mutate(row.id)}>
            Abbrechen
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      {mayManage ? <CampaignForm /> : null}
      <Card className="overflow-hidden [&>div]:p-0">
        <ErrorNotice error={campaigns.error ?? end.error ?? settle.error} />
        {settle.data ? (
          <Notice>
            Ausgezahlt: {settle.data.paid} Investoren, {eur(settle.data.paidCents)}
            {settle.data.refused ? `, ${settle.data.refused} abgelehnt` : ''}.
          </Notice>
        ) : null}
        <DataTable
          label="Bonus-Aktionen"
          columns={columns}
          rows={campaigns.data}
          rowKey={(row) => row.id}
          loading={campaigns.isPending}
          empty={{
            title: 'Noch keine Bonus-Aktionen',
            text: 'Startbonus, Bewertungsbonus oder eine Staffel-Aktion anlegen.',
          }}
        />
      </Card>
    </>
  );
};
