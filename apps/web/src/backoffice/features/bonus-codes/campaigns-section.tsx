import { type BonusCampaignRow, type CreateBonusCampaignBody, staffCan } from '@bw/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSession } from '../../app/use-session';
import { type Column, DataTable } from '../../components/data-table';
import { Badge, Button, Card, ErrorNotice, fieldError, Notice, SelectField, TextField } from '../../components/ui';
import { centsFromEuroInput, date, eur } from '../../lib/format';
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
/** The spec's birthday tiers (section 9) as the form's start: "invested € = bonus €", one per line. */
const BIRTHDAY_TIERS = '1000 = 100\n5000 = 550\n10000 = 1200';

type Form = {
  partnerId: string;
  kind: CreateBonusCampaignBody['kind'];
  title: string;
  amount: string;
  tiers: string;
  budget: string;
  from: string;
  until: string;
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
  amountCents: form.kind === 'birthday' ? null : (centsFromEuroInput(form.amount) ?? form.amount),
  tiers: form.kind === 'birthday' ? tiersOf(form.tiers) : null,
  applicability: 'primaryAndSecondary',
  minimumInvestmentCents: '0',
  bonusValidDays: 90,
  validFrom: new Date(`${form.from}T00:00:00`).toISOString(),
  validUntil: new Date(`${form.until}T23:59:59`).toISOString(),
  budgetCents: form.budget ? (centsFromEuroInput(form.budget) ?? form.budget) : null,
});

const CampaignForm = () => {
  const queryClient = useQueryClient();
  const partners = usePartners();
  const [form, setForm] = useState<Form>({
    partnerId: '',
    kind: 'startBonus',
    title: '',
    amount: '',
    tiers: BIRTHDAY_TIERS,
    budget: '',
    from: today(),
    until: '',
  });
  const [created, setCreated] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: createCampaign,
    onSuccess: (row) => {
      setCreated(row.title);
      void queryClient.invalidateQueries({ queryKey: campaignsKey });
    },
  });
  const set = (key: keyof Form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });
  const partnerOptions = [
    { value: '', label: 'Partner wählen …' },
    ...(partners.data ?? []).map((partner) => ({ value: partner.partnerId, label: partner.name })),
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    create.mutate(bodyOf(form));
  };
  const error = (name: string) => fieldError(create.error, name);
  return (
    <Card title="Neue Bonus-Aktion">
      <form className="grid grid-cols-4 items-start gap-3" onSubmit={submit} noValidate aria-label="Neue Bonus-Aktion">
        <SelectField label="Art der Aktion" value={form.kind} options={KINDS} onChange={set('kind')} />
        <SelectField
          label="Partner"
          value={form.partnerId}
          options={partnerOptions}
          onChange={set('partnerId')}
          error={error('partnerId')}
        />
        <TextField
          className="col-span-2"
          label="Titel (sieht der Investor)"
          value={form.title}
          onChange={set('title')}
          error={error('title')}
        />
        {form.kind === 'birthday' ? (
          <label className="col-span-2 block text-xs font-medium text-muted">
            Stufen: investiert € = Bonus €, eine pro Zeile
            <textarea
              className="mt-1 block min-h-20 w-full rounded-md border border-line px-2.5 py-1.5 font-mono text-sm text-ink"
              value={form.tiers}
              onChange={set('tiers')}
            />
            {error('tiers') ? <span className="mt-1 block text-bad">{error('tiers')}</span> : null}
          </label>
        ) : (
          <TextField
            label="Bonusbetrag (€)"
            inputMode="decimal"
            value={form.amount}
            onChange={set('amount')}
            error={error('amountCents')}
          />
        )}
        <TextField
          label="Aktionsbudget (€, leer: unbegrenzt)"
          inputMode="decimal"
          value={form.budget}
          onChange={set('budget')}
          error={error('budgetCents')}
        />
        <TextField label="Beginn" type="date" value={form.from} onChange={set('from')} error={error('validFrom')} />
        <TextField label="Ende" type="date" value={form.until} onChange={set('until')} error={error('validUntil')} />
        <div className="col-span-4 flex items-end gap-3">
          <Button type="submit" variant="primary" busy={create.isPending}>
            Bonus-Aktion anlegen
          </Button>
          <ErrorNotice error={create.error} />
          {created ? <Notice>Die Aktion „{created}“ ist angelegt.</Notice> : null}
        </div>
      </form>
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
          ? row.tiers.map((tier) => `${eur(tier.bonusCents)} ab ${eur(tier.investedCents)}`).join(', ')
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
