import type { DistributionFrequency } from '../assets/enums.js';

/**
 * Distribution periods (spec sections 1 and 9): monthly `2026-03`, quarterly `2026-Q1` (quarter
 * ends 31 Mar, 30 Jun, 30 Sep, 31 Dec), yearly `2026`. Dates are ISO `YYYY-MM-DD` strings.
 */
export type DistributionPeriod = { key: string; frequency: DistributionFrequency; start: string; end: string };

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const monthEnd = (year: number, month: number) => `${year}-${pad(month)}-${pad(lastDayOfMonth(year, month))}`;

/** Spec section 9: the quarter ends. */
export const QUARTER_ENDS = ['03-31', '06-30', '09-30', '12-31'] as const;

const PERIOD_PATTERN = /^(\d{4})(?:-(0[1-9]|1[0-2])|-Q([1-4]))?$/;

/** Parses a period key; null when it is not one. */
export const parsePeriodKey = (key: string): DistributionPeriod | null => {
  const match = PERIOD_PATTERN.exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 2000 || year > 2999) return null;
  if (match[2]) {
    const month = Number(match[2]);
    return { key, frequency: 'monthly', start: `${year}-${pad(month)}-01`, end: monthEnd(year, month) };
  }
  if (match[3]) {
    const quarter = Number(match[3]);
    return {
      key,
      frequency: 'quarterly',
      start: `${year}-${pad(quarter * 3 - 2)}-01`,
      end: `${year}-${QUARTER_ENDS[quarter - 1]}`,
    };
  }
  return { key, frequency: 'yearly', start: `${year}-01-01`, end: `${year}-12-31` };
};

/** The period of `frequency` that contains `date`. */
export const periodContaining = (frequency: DistributionFrequency, date: string): DistributionPeriod => {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const key =
    frequency === 'monthly'
      ? `${year}-${pad(month)}`
      : frequency === 'quarterly'
        ? `${year}-Q${Math.ceil(month / 3)}`
        : `${year}`;
  const period = parsePeriodKey(key);
  if (!period) throw new RangeError(`No period for ${date}`);
  return period;
};

/** The tax year a payment falls into (income counts when it is received: the payment's year). */
export const taxYearOf = (paidAt: Date): number => paidAt.getUTCFullYear();

/** True when the period is one of the asset's: a monthly asset pays monthly periods only (issue 35). */
export const periodFollowsFrequency = (period: DistributionPeriod, frequency: DistributionFrequency): boolean =>
  period.frequency === frequency;

/**
 * The asset's period that holds the whole span [start, end], or null when the span crosses a period
 * boundary (such an income could never be paid by one run, so it is refused when recorded).
 */
export const periodHolding = (
  frequency: DistributionFrequency,
  start: string,
  end: string,
): DistributionPeriod | null => {
  const period = periodContaining(frequency, start);
  return end >= start && end <= period.end ? period : null;
};

/** The asset's last period that has ended before `today`: the run the scheduler proposes on `today`. */
export const lastEndedPeriod = (frequency: DistributionFrequency, today: string): DistributionPeriod => {
  const running = periodContaining(frequency, today);
  const dayBefore = new Date(Date.parse(`${running.start}T00:00:00.000Z`) - 86_400_000).toISOString().slice(0, 10);
  return periodContaining(frequency, dayBefore);
};
