import type { DistributionRunView } from '@bw/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button, Card, ErrorNotice, Facts, fieldError, Notice, SelectField, TextField } from '../../components/ui';
import { centsFromEuroInput, eur } from '../../lib/format';
import { recordIncome, runDistribution } from './api';

const KIND_OPTIONS = [
  { value: 'rent', label: 'Miete' },
  { value: 'electricity', label: 'Stromerlös' },
  { value: 'other', label: 'Sonstiges' },
];

const today = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 7)}-01`;

/** Records what the asset earned for a period (booked psp_clearing → asset_income). */
export const IncomeForm = ({ assetId, onDone }: { readonly assetId: string; readonly onDone: () => void }) => {
  const [kind, setKind] = useState<'rent' | 'electricity' | 'other'>('rent');
  const [amount, setAmount] = useState('');
  const [periodStart, setPeriodStart] = useState(monthStart());
  const [periodEnd, setPeriodEnd] = useState(today());
  const [receivedOn, setReceivedOn] = useState(today());
  const [note, setNote] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (cents: string) =>
      recordIncome(assetId, { kind, amount: cents, periodStart, periodEnd, receivedOn, note }),
    onSuccess: () => {
      setAmount('');
      setNote('');
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = centsFromEuroInput(amount);
    if (!cents || BigInt(cents) <= 0n) {
      setAmountError('Bitte gib einen Betrag größer als 0 ein, z. B. 1.250,00.');
      return;
    }
    setAmountError(undefined);
    save.mutate(cents);
  };
  return (
    <Card title="Einnahme erfassen">
      <form className="grid grid-cols-2 gap-3" onSubmit={submit} aria-label="Einnahme erfassen">
        <SelectField
          label="Art"
          value={kind}
          options={KIND_OPTIONS}
          onChange={(event) => setKind(event.target.value as typeof kind)}
        />
        <TextField
          label="Betrag (€)"
          inputMode="decimal"
          placeholder="1.250,00"
          value={amount}
          error={amountError ?? fieldError(save.error, 'amount')}
          onChange={(event) => setAmount(event.target.value)}
        />
        <TextField
          label="Zeitraum von"
          type="date"
          value={periodStart}
          error={fieldError(save.error, 'periodStart')}
          onChange={(event) => setPeriodStart(event.target.value)}
        />
        <TextField
          label="Zeitraum bis"
          type="date"
          value={periodEnd}
          error={fieldError(save.error, 'periodEnd')}
          onChange={(event) => setPeriodEnd(event.target.value)}
        />
        <TextField
          label="Eingegangen am"
          type="date"
          value={receivedOn}
          error={fieldError(save.error, 'receivedOn')}
          onChange={(event) => setReceivedOn(event.target.value)}
        />
        <TextField label="Notiz" value={note} onChange={(event) => setNote(event.target.value)} />
        <div className="col-span-2 flex items-center gap-3">
          <Button type="submit" variant="primary" busy={save.isPending}>
            Einnahme buchen
          </Button>
          {save.isSuccess ? <span className="text-sm text-ok">Gebucht.</span> : null}
        </div>
        <div className="col-span-2">
          <ErrorNotice error={save.error} />
        </div>
      </form>
    </Card>
  );
};

/** Runs the distribution of one period: once per asset and period. */
export const RunForm = ({ assetId, onDone }: { readonly assetId: string; readonly onDone: () => void }) => {
  const [periodKey, setPeriodKey] = useState(today().slice(0, 7));
  const [recordDate, setRecordDate] = useState('');
  const [result, setResult] = useState<DistributionRunView | null>(null);
  const run = useMutation({
    mutationFn: () => runDistribution(assetId, { periodKey, ...(recordDate ? { recordDate } : {}) }),
    onSuccess: (view) => {
      setResult(view);
      onDone();
    },
  });
  return (
    <Card title="Ausschüttung durchführen">
      <form
        className="grid grid-cols-2 gap-3"
        aria-label="Ausschüttung durchführen"
        onSubmit={(event) => {
          event.preventDefault();
          setResult(null);
          run.mutate();
        }}
      >
        <TextField
          label="Zeitraum"
          hint="Monat 2026-03, Quartal 2026-Q1 (Ende 31.3., 30.6., 30.9., 31.12.) oder Jahr 2026"
          value={periodKey}
          error={fieldError(run.error, 'periodKey')}
          onChange={(event) => setPeriodKey(event.target.value.trim())}
        />
        <TextField
          label="Stichtag (optional)"
          type="date"
          hint="Standard: Ende des Zeitraums, höchstens heute"
          value={recordDate}
          onChange={(event) => setRecordDate(event.target.value)}
        />
        <div className="col-span-2">
          <Button type="submit" variant="primary" busy={run.isPending}>
            Ausschüttung starten
          </Button>
        </div>
        <div className="col-span-2">
          <ErrorNotice error={run.error} />
          {result ? (
            <div className="space-y-2" data-testid="run-result">
              <Notice>
                {result.alreadyRun
                  ? `Der Zeitraum ${result.periodKey} wurde bereits ausgeschüttet – es wurde nichts erneut ausbezahlt.`
                  : `Ausgeschüttet: ${result.periodKey} an ${result.holders} Anleger·innen.`}
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
      </form>
    </Card>
  );
};
