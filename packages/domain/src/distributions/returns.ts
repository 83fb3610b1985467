import type { Cents } from '../money.js';

/**
 * Portfolio returns (issue 22, "beyond the peers"): the investor's own cash flows of an asset (or of
 * all assets) — purchases out, sales and distributions in — closed by the holding's value today.
 * XIRR: the annual rate r with Σ cf_i / (1 + r)^((t_i − t_0) / 365) = 0, found by Newton's method
 * with a bisection fallback (as spreadsheet XIRR does, actual/365). Results in basis points.
 */
export type CashFlow = { at: Date; cents: Cents };

const DAY_MS = 86_400_000;
const MAX_ITERATIONS = 100;
const TOLERANCE = 1e-9;

const npv = (rate: number, flows: readonly { years: number; amount: number }[]) =>
  flows.reduce((sum, f) => sum + f.amount / (1 + rate) ** f.years, 0);
const dNpv = (rate: number, flows: readonly { years: number; amount: number }[]) =>
  flows.reduce((sum, f) => sum - (f.years * f.amount) / (1 + rate) ** (f.years + 1), 0);

/** XIRR as a fraction (0.05 = 5 % p.a.); null without both an outflow and an inflow or without a root. */
export const xirr = (cashFlows: readonly CashFlow[]): number | null => {
  const sorted = [...cashFlows].filter((f) => f.cents !== 0n).sort((a, b) => a.at.getTime() - b.at.getTime());
  if (!sorted.some((f) => f.cents < 0n) || !sorted.some((f) => f.cents > 0n)) return null;
  const start = sorted[0]?.at.getTime() ?? 0;
  const flows = sorted.map((f) => ({ years: (f.at.getTime() - start) / DAY_MS / 365, amount: Number(f.cents) / 100 }));
  // A horizon under a day has no meaningful annual rate.
  if ((flows.at(-1)?.years ?? 0) < 1 / 365) return null;
  let rate = 0.1;
  for (let i = 0; i < MAX_ITERATIONS; i += 1) {
    const value = npv(rate, flows);
    const slope = dNpv(rate, flows);
    if (!Number.isFinite(value) || !Number.isFinite(slope) || slope === 0) break;
    const next = rate - value / slope;
    if (next <= -0.999_999) break;
    if (Math.abs(next - rate) < TOLERANCE) return next;
    rate = next;
  }
  // Bisection between −99.99 % and +10,000 % p.a.
  let low = -0.9999;
  let high = 100;
  let lowValue = npv(low, flows);
  if (lowValue * npv(high, flows) > 0) return null;
  for (let i = 0; i < 300; i += 1) {
    const mid = (low + high) / 2;
    const value = npv(mid, flows);
    if (Math.abs(value) < 1e-7 || high - low < TOLERANCE) return mid;
    if (value * lowValue < 0) high = mid;
    else {
      low = mid;
      lowValue = value;
    }
  }
  return (low + high) / 2;
};

/** Total return: (everything received + value today − everything paid) ÷ everything paid. */
export const totalReturn = (cashFlows: readonly CashFlow[]): number | null => {
  const paid = cashFlows.reduce((sum, f) => (f.cents < 0n ? sum - f.cents : sum), 0n);
  const received = cashFlows.reduce((sum, f) => (f.cents > 0n ? sum + f.cents : sum), 0n);
  if (paid === 0n) return null;
  return Number(received - paid) / Number(paid);
};

/** A fraction as whole basis points (0.0512 → 512), rounded half away from zero; null stays null. */
export const toBasisPoints = (fraction: number | null): number | null =>
  fraction === null || !Number.isFinite(fraction) ? null : Math.round(fraction * 10_000);
