import { assetIncomeKinds, type DistributionRunView, recordIncomeBody, runDistributionBody } from '@bw/contracts';
import { useState } from 'react';
import { z } from 'zod';
import { useZodForm } from '../../../components/form';
import { BoForm, FormNotice, FormSelectField, FormSubmit, FormTextField } from '../../components/form-fields';
import { Card, Facts, Notice } from '../../components/ui';
import { asBody, euros } from '../../lib/form-rules';
import { centsFromEuroInput, eur, period } from '../../lib/format';
import { recordIncome, runDistribution } from './api';

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

/** Runs the distribution of one period: once per asset and period. */
export const RunForm = ({ assetId, onDone }: { readonly assetId: string; readonly onDone: () => void }) => {
  const form = useZodForm(runForm, { defaultValues: { periodKey: today().slice(0, 7), recordDate: '' } });
  const [result, setResult] = useState<DistributionRunView | null>(null);
  const run = async (body: z.output<typeof runDistributionBody>) => {
    setResult(null);
    setResult(await runDistribution(assetId, body));
    onDone();
  };
  return (
    <Card title="Ausschüttung durchführen">
      <BoForm form={form} onSubmit={run} className="grid grid-cols-2 gap-3" aria-label="Ausschüttung durchführen">
        <FormTextField
          name="periodKey"
          label="Zeitraum"
          hint="Monat 2026-03, Quartal 2026-Q1 (Ende 31.3., 30.6., 30.9., 31.12.) oder Jahr 2026"
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
          <FormSubmit>Ausschüttung starten</FormSubmit>
        </div>
        <div className="col-span-2">
          {result ? (
            <div className="space-y-2" data-testid="run-result">
              <Notice>
                {result.alreadyRun
                  ? `Der Zeitraum ${period(result.periodKey)} wurde bereits ausgeschüttet – es wurde nichts erneut ausbezahlt.`
                  : `Ausgeschüttet: ${period(result.periodKey)} an ${result.holders} Anleger·innen.`}
              </Notice>
              <Facts
                items={[
                  ['Einnahmen', eur(result.income)],
                  ['Brutto an Anleger', eur(result.investorsGross)],
                  ['Einbehaltene Steuern', eur(result.tax)],
                  ['Netto ausbezahlt', eur(result.investorsNet)],
                  ['Anteil Emittentin', eur(result.issuer)],
                ]}
              />
            </div>
          ) : null}
        </div>
      </BoForm>
    </Card>
  );
};
