import { calendarDay, PLATFORM_TIME_ZONE } from '../assets/price-history.js';
import type { Cents } from '../money.js';
import { lastPriceCents, marketValueCents } from '../money-figures.js';

/**
 * The investor's portfolio over time (issue 27, investments screen): for each calendar day from the
 * first share movement to today, the market value of the shares held at the end of that day and the
 * capital put in so far.
 *
 * - Shares come from the ledger's share books (free and bound by an offer alike), so the series
 *   agrees with the holdings.
 * - Market value: shares × the asset's last trade price at the end of the day (the price history's
 *   close); before an asset's first trade its issue price.
 * - Invested capital: what purchases cost (price, fee, less a bonus) minus what sales brought in.
 */
export type PortfolioEvent =
  | { kind: 'shares'; atMs: number; assetId: string; shares: bigint }
  | { kind: 'price'; atMs: number; assetId: string; priceCents: Cents }
  | { kind: 'invested'; atMs: number; cents: Cents };

export type PortfolioPoint = { date: string; valueCents: Cents; investedCents: Cents };

/** The longest series a chart gets: ten years of days. */
export const PORTFOLIO_HISTORY_MAX_DAYS = 3_660;
const MS_PER_DAY = 86_400_000;

const nextDay = (date: string): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + MS_PER_DAY).toISOString().slice(0, 10);

export const portfolioHistory = (
  events: readonly PortfolioEvent[],
  issuePrices: ReadonlyMap<string, Cents>,
  nowMs: number,
  timeZone: string = PLATFORM_TIME_ZONE,
): PortfolioPoint[] => {
  const sorted = [...events].sort((a, b) => a.atMs - b.atMs);
  const firstShares = sorted.find((event) => event.kind === 'shares');
  if (!firstShares) return [];
  const today = calendarDay(nowMs, timeZone);
  let day = calendarDay(firstShares.atMs, timeZone);
  const earliest = calendarDay(nowMs - (PORTFOLIO_HISTORY_MAX_DAYS - 1) * MS_PER_DAY, timeZone);
  const shares = new Map<string, bigint>();
  const prices = new Map<string, Cents>();
  let invested = 0n;
  let next = 0;
  const points: PortfolioPoint[] = [];
  while (day <= today) {
    for (; next < sorted.length; next += 1) {
      const event = sorted[next];
      if (!event || calendarDay(event.atMs, timeZone) > day) break;
      if (event.kind === 'shares') shares.set(event.assetId, (shares.get(event.assetId) ?? 0n) + event.shares);
      else if (event.kind === 'price') prices.set(event.assetId, event.priceCents);
      else invested += event.cents;
    }
    if (day >= earliest) {
      let value = 0n;
      for (const [assetId, held] of shares) {
        if (held === 0n) continue;
        const issuePrice = issuePrices.get(assetId);
        if (issuePrice === undefined) throw new RangeError(`no price for ${assetId}`);
        value += marketValueCents(held, lastPriceCents(prices.get(assetId), issuePrice));
      }
      points.push({ date: day, valueCents: value, investedCents: invested });
    }
    day = nextDay(day);
  }
  return points;
};
