import { type ObjectType, objectTypes } from '../assets/enums.js';
import { costWithFee } from '../distributions/reinvest.js';
import type { Cents } from '../money.js';
import { SAVINGS_PLAN_MAX_CENTS, SAVINGS_PLAN_MIN_CENTS } from './savings-plan.js';

/**
 * Auto-invest by rules (issue 40, ADR 0052): an investor states rules and a monthly budget, signed
 * once; a job matches the supply (open financing phases, public sell offers) to the rules and buys
 * through the buy path of every purchase. Pure rules only: the validation of a mandate, whether an
 * asset matches, the share of the portfolio, the turn budget and the rotation between investors.
 */

/** The markets an auto-invest may buy on: the issuer's financing phase, the bulletin board. */
export const autoInvestMarkets = ['primary', 'secondary'] as const;
export type AutoInvestMarket = (typeof autoInvestMarkets)[number];

export type AutoInvestRules = {
  /** The object types bought (empty: every type). */
  objectTypes: readonly ObjectType[];
  /** ISO country codes of the asset's location (empty: every country). */
  countryCodes: readonly string[];
  /** The lowest expected ongoing distribution per year, basis points. */
  minYieldBps: number;
  /** The largest share one asset may have of the portfolio after a buy, basis points (10,000 = no limit). */
  maxPortfolioShareBps: number;
  /** The largest price above the 30-day average paid on the bulletin board, basis points (at most 2,000). */
  maxDeviationBps: number;
  markets: readonly AutoInvestMarket[];
};

/** The smallest monthly budget (25 €, as a savings plan). */
export const AUTO_INVEST_MIN_CENTS = SAVINGS_PLAN_MIN_CENTS;
export const AUTO_INVEST_MAX_CENTS = SAVINGS_PLAN_MAX_CENTS;
/**
 * A standing order cannot confirm the 20 % deviation (ADR 0040), so the investor's own limit is at
 * most 20 %.
 */
export const AUTO_INVEST_MAX_DEVIATION_BPS = 2_000;
export const AUTO_INVEST_MAX_COUNTRIES = 20;
/**
 * What one investor buys in one turn of the rotation (ADR 0052): at most 100 € (or one share when a
 * share costs more), so a scarce offer is shared between many investors rather than taken by the
 * first.
 */
export const AUTO_INVEST_TURN_CENTS = 10_000n;

export type AutoInvestProblem =
  | 'AUTO_INVEST_BUDGET_TOO_SMALL'
  | 'AUTO_INVEST_BUDGET_TOO_LARGE'
  | 'AUTO_INVEST_RULES_INVALID';

const isBps = (value: number, max: number) => Number.isInteger(value) && value >= 0 && value <= max;

/** The first problem of a mandate as stated, or null. */
export const autoInvestProblem = (mandate: {
  budgetCents: Cents;
  rules: AutoInvestRules;
}): AutoInvestProblem | null => {
  if (mandate.budgetCents < AUTO_INVEST_MIN_CENTS) return 'AUTO_INVEST_BUDGET_TOO_SMALL';
  if (mandate.budgetCents > AUTO_INVEST_MAX_CENTS) return 'AUTO_INVEST_BUDGET_TOO_LARGE';
  const { rules } = mandate;
  if (
    rules.markets.length === 0 ||
    new Set(rules.markets).size !== rules.markets.length ||
    rules.markets.some((market) => !(autoInvestMarkets as readonly string[]).includes(market)) ||
    new Set(rules.objectTypes).size !== rules.objectTypes.length ||
    rules.objectTypes.some((type) => !(objectTypes as readonly string[]).includes(type)) ||
    rules.countryCodes.length > AUTO_INVEST_MAX_COUNTRIES ||
    new Set(rules.countryCodes).size !== rules.countryCodes.length ||
    rules.countryCodes.some((code) => !/^[A-Z]{2}$/.test(code)) ||
    !isBps(rules.minYieldBps, 10_000) ||
    !isBps(rules.maxPortfolioShareBps, 10_000) ||
    rules.maxPortfolioShareBps === 0 ||
    !isBps(rules.maxDeviationBps, AUTO_INVEST_MAX_DEVIATION_BPS)
  )
    return 'AUTO_INVEST_RULES_INVALID';
  return null;
};

/** What the job knows of an asset on offer. */
export type AutoInvestCandidate = {
  market: AutoInvestMarket;
  objectType: ObjectType;
  countryCode: string;
  yieldBps: number;
};

/** Whether an asset on offer matches the rules (the price is bounded separately: `autoInvestPriceLimit`). */
export const autoInvestMatches = (rules: AutoInvestRules, candidate: AutoInvestCandidate): boolean =>
  rules.markets.includes(candidate.market) &&
  (rules.objectTypes.length === 0 || rules.objectTypes.includes(candidate.objectType)) &&
  (rules.countryCodes.length === 0 || rules.countryCodes.includes(candidate.countryCode)) &&
  candidate.yieldBps >= rules.minYieldBps;

/**
 * The highest price per share the rules pay on the bulletin board: the 30-day average plus the
 * allowed deviation, rounded down. Without an average (no trade in 30 days) the deviation cannot be
 * measured, and the rules buy nothing there (null). In the financing phase the issuer's price is
 * fixed and not measured against an average (ADR 0040): no limit.
 */
export const autoInvestPriceLimit = (
  rules: AutoInvestRules,
  market: AutoInvestMarket,
  averageCents: Cents | null,
): { limitCents: Cents | null } | null => {
  if (market === 'primary') return { limitCents: null };
  if (averageCents === null) return null;
  return { limitCents: (averageCents * BigInt(10_000 + rules.maxDeviationBps)) / 10_000n };
};

/**
 * The share of one asset in the portfolio, basis points rounded down: its value over the value of
 * all holdings plus the payment account's balance (so a buy, which turns money into shares, does not
 * move the denominator, and a first buy is measured against what the investor has).
 */
export const portfolioShareBps = (assetValueCents: Cents, wealthCents: Cents): number =>
  wealthCents <= 0n ? 10_000 : Number((assetValueCents * 10_000n) / wealthCents);

/** How much more may go into one asset before its share passes the limit (never negative). */
export const portfolioRoomCents = (input: {
  assetValueCents: Cents;
  wealthCents: Cents;
  maxPortfolioShareBps: number;
}): Cents => {
  if (input.maxPortfolioShareBps >= 10_000) return input.wealthCents;
  const room = (input.wealthCents * BigInt(input.maxPortfolioShareBps)) / 10_000n - input.assetValueCents;
  return room > 0n ? room : 0n;
};

/**
 * The budget of one turn: the turn's unit (at least one share with its fee), no more than the month
 * has left and no more than the portfolio limit leaves; 0n when one share does not fit.
 */
export const autoInvestTurnBudget = (input: {
  remainingCents: Cents;
  roomCents: Cents;
  pricePerShareCents: Cents;
  feeBps: number;
}): Cents => {
  const oneShare = costWithFee(1, input.pricePerShareCents, input.feeBps);
  const unit = oneShare > AUTO_INVEST_TURN_CENTS ? oneShare : AUTO_INVEST_TURN_CENTS;
  const budget = [unit, input.remainingCents, input.roomCents].reduce((a, b) => (b < a ? b : a));
  return budget >= oneShare ? budget : 0n;
};

export type RotationEntry = { id: string; lastServedAt: Date | null };

/**
 * The rotation of ADR 0052: the investor served longest ago comes first, one never served before
 * everyone; equal times are ordered by the mandate's id (deterministic). `lastServedAt` is the
 * moment of the turn that bought (not of the run), so the order of a run carries into the next:
 * serving an investor moves them to the end, and over consecutive runs every matching investor gets
 * a turn before anyone gets a second.
 */
export const rotationOrder = <T extends RotationEntry>(entries: readonly T[]): T[] =>
  [...entries].sort((a, b) => {
    const at = a.lastServedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    const bt = b.lastServedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    if (at !== bt) return at < bt ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });

/**
 * Turns in rotation order, round after round, until `take` says an investor is done (their budget
 * is used, the rules refuse) or the supply is gone: each investor buys at most one unit per turn,
 * so a scarce offer is spread over as many investors as it has units. `take` answers `served`,
 * `done` (leave the rotation) or `exhausted` (nothing left for anyone).
 */
export const rotateTurns = async <T extends RotationEntry>(
  entries: readonly T[],
  take: (entry: T) => Promise<'served' | 'done' | 'exhausted'>,
): Promise<void> => {
  let queue = rotationOrder(entries);
  while (queue.length > 0) {
    const next: T[] = [];
    for (const entry of queue) {
      const outcome = await take(entry);
      if (outcome === 'exhausted') return;
      if (outcome === 'served') next.push(entry);
    }
    queue = next;
  }
};
