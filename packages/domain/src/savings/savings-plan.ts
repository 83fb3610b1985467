import type { Cents } from '../money.js';

/**
 * The savings plan (Sparplan, issue 40, ADR 0045): a monthly amount on a day of the month, split
 * over chosen assets by whole percentages; each execution buys with the investor's operations.
 * Pure rules only: the split of an amount, the execution dates, the validation of a plan.
 */

/** The smallest monthly amount (25 €). */
export const SAVINGS_PLAN_MIN_CENTS = 2_500n;
/** The largest monthly amount a plan may state (1,000,000 €). */
export const SAVINGS_PLAN_MAX_CENTS = 100_000_000n;
/** Executions on days 1–28 only, so every month has the day. */
export const SAVINGS_PLAN_MAX_DAY = 28;
/** At most this many assets in one plan. */
export const SAVINGS_PLAN_MAX_ASSETS = 5;
/** The reminder comes this many days before an execution the balance will not cover. */
export const SAVINGS_PLAN_REMINDER_DAYS = 2;

export type SavingsAllocation = { assetId: string; percent: number };

export type SavingsPlanProblem =
  | 'SAVINGS_PLAN_AMOUNT_TOO_SMALL'
  | 'SAVINGS_PLAN_AMOUNT_TOO_LARGE'
  | 'SAVINGS_PLAN_DAY_INVALID'
  | 'SAVINGS_PLAN_SPLIT_INVALID';

/** The first problem of a plan as stated, or null. */
export const savingsPlanProblem = (plan: {
  amountCents: Cents;
  dayOfMonth: number;
  allocations: readonly SavingsAllocation[];
}): SavingsPlanProblem | null => {
  if (plan.amountCents < SAVINGS_PLAN_MIN_CENTS) return 'SAVINGS_PLAN_AMOUNT_TOO_SMALL';
  if (plan.amountCents > SAVINGS_PLAN_MAX_CENTS) return 'SAVINGS_PLAN_AMOUNT_TOO_LARGE';
  if (!Number.isInteger(plan.dayOfMonth) || plan.dayOfMonth < 1 || plan.dayOfMonth > SAVINGS_PLAN_MAX_DAY)
    return 'SAVINGS_PLAN_DAY_INVALID';
  const { allocations } = plan;
  const ids = new Set(allocations.map((one) => one.assetId));
  if (
    allocations.length === 0 ||
    allocations.length > SAVINGS_PLAN_MAX_ASSETS ||
    ids.size !== allocations.length ||
    allocations.some((one) => !Number.isInteger(one.percent) || one.percent < 1 || one.percent > 100) ||
    allocations.reduce((sum, one) => sum + one.percent, 0) !== 100
  )
    return 'SAVINGS_PLAN_SPLIT_INVALID';
  return null;
};

/**
 * The budget of each asset in one execution: the amount times its percentage, rounded down, the
 * cents left over by rounding going to the first assets in the plan's order (largest remainder
 * would need no more precision: percentages are whole). The budgets add up to exactly the amount.
 */
export const splitSavingsAmount = (
  amountCents: Cents,
  allocations: readonly SavingsAllocation[],
): { assetId: string; budgetCents: Cents }[] => {
  const budgets = allocations.map((one) => ({
    assetId: one.assetId,
    budgetCents: (amountCents * BigInt(one.percent)) / 100n,
  }));
  let rest = amountCents - budgets.reduce((sum, one) => sum + one.budgetCents, 0n);
  for (const budget of budgets) {
    if (rest <= 0n) break;
    budget.budgetCents += 1n;
    rest -= 1n;
  }
  return budgets;
};

/** A month as `YYYY-MM` (the plan's execution key). */
export type SavingsMonth = string;

const pad = (value: number): string => String(value).padStart(2, '0');

/** The calendar date (Europe/Vienna) of an instant as `YYYY-MM-DD`. */
export const viennaDate = (at: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(at)
    .slice(0, 10);

export const monthOfDate = (date: string): SavingsMonth => date.slice(0, 7);

/** The execution date of a plan in a month (`YYYY-MM-DD`). */
export const executionDateIn = (month: SavingsMonth, dayOfMonth: number): string => `${month}-${pad(dayOfMonth)}`;

/** The month after `month`. */
export const nextMonth = (month: SavingsMonth): SavingsMonth => {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return mon === 12 ? `${year + 1}-01` : `${year}-${pad(mon + 1)}`;
};

/**
 * The next execution date on or after `today` (`YYYY-MM-DD`) for a plan that executes on
 * `dayOfMonth`, skipping a month already executed (`lastExecutedMonth`).
 */
export const nextExecutionDate = (input: {
  today: string;
  dayOfMonth: number;
  lastExecutedMonth: SavingsMonth | null;
}): string => {
  let month = monthOfDate(input.today);
  if (executionDateIn(month, input.dayOfMonth) < input.today) month = nextMonth(month);
  if (input.lastExecutedMonth && month <= input.lastExecutedMonth) month = nextMonth(input.lastExecutedMonth);
  return executionDateIn(month, input.dayOfMonth);
};

/** `date` plus `days` calendar days (`YYYY-MM-DD`). */
export const addDays = (date: string, days: number): string => {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/**
 * Whether a plan is due on `today` for `month`: the month's execution date has come and the plan
 * was active before that date's end (a plan signed after this month's day starts next month).
 */
export const savingsPlanDue = (input: {
  today: string;
  dayOfMonth: number;
  activatedOn: string;
  lastExecutedMonth: SavingsMonth | null;
}): SavingsMonth | null => {
  const month = monthOfDate(input.today);
  const date = executionDateIn(month, input.dayOfMonth);
  if (date > input.today) return null;
  if (input.activatedOn > date) return null;
  if (input.lastExecutedMonth && input.lastExecutedMonth >= month) return null;
  return month;
};
