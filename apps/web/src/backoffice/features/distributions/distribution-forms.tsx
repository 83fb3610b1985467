import { assetIncomeKinds, type DistributionProposalView, recordIncomeBody, runDistributionBody } from '@bw/contracts';
import { type DistributionFrequency, periodContaining } from '@bw/domain';
import { useState } from 'react';
import { z } from 'zod';
import { useZodForm } from '../../../components/form';
import { BoForm, FormNotice, FormSelectField, FormSubmit, FormTextField } from '../../components/form-fields';
import { Card, Facts, Notice } from '../../components/ui';
import { asBody, euros } from '../../lib/form-rules';
import { centsFromEuroInput, day, eur, period } from '../../lib/format';
import { proposeDistribution, recordIncome } from './api';

const KIND_OPTIONS = [
  { value: 'rent', label: 'Miete' },
  { value: 'electricity', label: 'Stromerlös' },
  { value: 'other', label: 'Sonstiges' },
];

const today = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 7)}-01`;

/** The income with its amount in euros; sent in cents and checked by the contract's body. */
const incomeForm = asBody(
  z.object({
    kind: z.enum(assetIncomeKinds),
    amount: euros('Bitte gib einen Betrag größer als 0 ein, z. B. 1.250,00.', { positive: true }),
    periodStart: z.string(),
    periodEnd: z.string(),
    receivedOn: z.string(),
    note: z.string(),
  }),
  (form) => ({ ...form, amount: centsFromEuroInput(form.amount) ?? form.amount }),
  recordIncomeBody,
);

/** The period and, if given, the record date; checked by the contract's body. */
const runForm = asBody(
  z.object({ periodKey: z.string(), recordDate: z.string() }),
  ({ periodKey, recordDate }) => ({ periodKey, ...(recordDate ? { recordDate } : {}) }),
  runDistributionBody,
);

/** Records what the asset earned for a period (booked psp_clearing → asset_income). */
export const IncomeForm = ({ assetId, onDone }: { readonly assetId: string; readonly onDone: () => void }) => {
  const form = useZodForm(incomeForm, {
    defaultValues: {
      kind: 'rent',
      amount: '',
      periodStart: monthStart(),
      periodEnd: today(),
      receivedOn: today(),
      note: '',
    },
  });
  const [booked, setBooked] = useState(false);
  const save = async (body: z.output<typeof recordIncomeBody>) => {
    setBooked(false);
    await recordIncome(assetId, body);
    setBooked(true);
    form.reset({ ...form.getValues(), amount: '', note: '' });
    onDone();
  };
  return (
    <Card title="Einnahme erfassen">
      <BoForm form={form} onSubmit={save} className="grid grid-cols-2 gap-3" aria-label="Einnahme erfassen">
        <FormSelectField name="kind" label="Art" options={KIND_OPTIONS} />
        <FormTextField name="amount" label="Betrag (€)" inputMode="decimal" placeholder="1.250,00" />
        <FormTextField name="periodStart" label="Zeitraum von" type="date" />
        <FormTextField name="periodEnd" label="Zeitraum bis" type="date" />
        <FormTextField name="receivedOn" label="Eingegangen am" type="date" />
        <FormTextField name="note" label="Notiz" />
        <FormNotice className="col-span-2" />
        <div className="col-span-2 flex items-center gap-3">
          <FormSubmit>Einnahme buchen</FormSubmit>
          {booked ? <span className="text-sm text-ok">Gebucht.</span> : null}
        </div>
      </BoForm>
    </Card>
  );
};

/**
 * Proposes the run of one period of the asset's rhythm and submits it for approval (issue 35): a
 * second person approves it in the list below, which pays, once per asset and period.
 */
export const ProposeForm = ({
  assetId,
  frequency,
  onDone,
}: {
  readonly assetId: string;
  readonly frequency: DistributionFrequency;
  readonly onDone: () => void;
}) => {
  const form = useZodForm(runForm, {
    defaultValues: { periodKey: periodContaining(frequency, today()).key, recordDate: '' },
  });
  const [result, setResult] = useState<DistributionProposalView | null>(null);
  const propose = async (body: z.output<typeof runDistributionBody>) => {
    setResult(null);
    setResult(await proposeDistribution(assetId, body));
    onDone();
  };
  return (
    <Card title="Ausschüttung vorschlagen">
      <BoForm form={form} onSubmit={propose} className="grid grid-cols-2 gap-3" aria-label="Ausschüttung vorschlagen">
        <FormTextField
          name="periodKey"
          label="Zeitraum"
          hint={FREQUENCY_HINTS[frequency]}
          normalize={(value) => value.trim()}
        />
        <FormTextField
          name="recordDate"
          label="Stichtag (optional)"
          type="date"
          hint="Standard: Ende des Zeitraums, höchstens heute"
        />
        <FormNotice className="col-span-2" />
        <div className="col-span-2">
          <FormSubmit>Zur Freigabe vorlegen</FormSubmit>
        </div>
        <div className="col-span-2">
          {result ? (
            <div className="space-y-2" data-testid="proposal-result">
              <Notice>
                {result.run
                  ? `Der Zeitraum ${period(result.periodKey)} wurde bereits ausgeschüttet – es wird nichts erneut ausbezahlt.`
                  : `Vorgelegt: ${period(result.periodKey)}. Eine zweite Person gibt die Ausschüttung frei.`}
              </Notice>
              <Facts
                items={[
                  ['Einnahmen', eur(result.income)],
                  ['davon übertragen', eur(result.carriedIncome)],
                  ['Stichtag', day(result.recordDate)],
                ]}
              />
            </div>
          ) : null}
        </div>
      </BoForm>
    </Card>
  );
};

const FREQUENCY_HINTS: Record<DistributionFrequency, string> = {
  monthly: 'Monatlich ausschüttendes Objekt: Monat, z. B. 2026-03',
  quarterly: 'Quartalsweise ausschüttendes Objekt: Quartal, z. B. 2026-Q1 (Ende 31.3., 30.6., 30.9., 31.12.)',
  yearly: 'Jährlich ausschüttendes Objekt: Jahr, z. B. 2026',
};
