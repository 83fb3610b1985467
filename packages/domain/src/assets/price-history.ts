import { BPS_PER_UNIT, type Cents } from '../money.js';

/** A completed trade: every one is a price point (issue 6, price history). */
export type PriceTrade = { tradedAtMs: number; pricePerShareCents: Cents; sharesCount: number };

export type DailyPrice = {
  /** Calendar day in the platform time zone, YYYY-MM-DD. */
  date: string;
  /** Volume-weighted price of the day's trades. */
  priceCents: Cents;
  /** Last trade of the day. */
  closePriceCents: Cents;
  volumeShares: number;
  volumeCents: Cents;
};

export type DiagramPoint = DailyPrice & {
  /** Spec section 9: the chart moving average is the 30-day volume-weighted price. */
  movingAverageCents: Cents;
};

export const PLATFORM_TIME_ZONE = 'Europe/Vienna';
/** Spec sections 5 and 9: price warnings and the chart use a 30-day weighted average. */
export const VWAP_WINDOW_DAYS = 30;
/** Spec sections 5 and 9: more than 10 % off the average informs, more than 20 % needs a confirmation. */
export const PRICE_INFO_THRESHOLD_BPS = 1_000;
export const PRICE_CONFIRM_THRESHOLD_BPS = 2_000;
const MS_PER_DAY = 86_400_000;

/** Integer division rounded half up (non-negative operands): a price average is shown to the cent. */
export const divideRoundedHalfUp = (numerator: bigint, denominator: bigint): bigint => {
  if (denominator <= 0n) throw new RangeError('Denominator must be positive');
  if (numerator < 0n) throw new RangeError('Numerator must not be negative');
  return (numerator + denominator / 2n) / denominator;
};

/** Volume-weighted average price of trades, rounded half up to the cent; null without volume. */
export const vwapRoundedHalfUp = (trades: readonly PriceTrade[]): Cents | null => {
  let valueCents = 0n;
  let shares = 0n;
  for (const trade of trades) {
    valueCents += trade.pricePerShareCents * BigInt(trade.sharesCount);
    shares += BigInt(trade.sharesCount);
  }
  return shares === 0n ? null : divideRoundedHalfUp(valueCents, shares);
};

/**
 * The 30-day VWAP as of `asOfMs`: the trades up to that instant on its calendar day and the 29
 * calendar days before it (platform time zone). The one definition of the 30-day average (issue
 * 34): the price warnings, the figure under the chart and the chart's moving average of that day
 * (`diagramSeries`) all take this window, so they show the same amount.
 */
export const vwap30Days = (trades: readonly PriceTrade[], asOfMs: number): Cents | null => {
  const firstDay = dayNumber(calendarDay(asOfMs)) - VWAP_WINDOW_DAYS;
  return vwapRoundedHalfUp(
    trades.filter((t) => t.tradedAtMs <= asOfMs && dayNumber(calendarDay(t.tradedAtMs)) > firstDay),
  );
};

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
export const calendarDay = (ms: number, timeZone: string = PLATFORM_TIME_ZONE): string => {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter.format(ms);
};

const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY;

/** One price per calendar day with trades: the day's VWAP, its close and its volume. */
export const dailyPrices = (trades: readonly PriceTrade[], timeZone: string = PLATFORM_TIME_ZONE): DailyPrice[] => {
  const sorted = [...trades].sort((a, b) => a.tradedAtMs - b.tradedAtMs);
  const days = new Map<string, { close: Cents; shares: number; value: Cents }>();
  for (const trade of sorted) {
    const key = calendarDay(trade.tradedAtMs, timeZone);
    const day = days.get(key) ?? { close: trade.pricePerShareCents, shares: 0, value: 0n };
    day.close = trade.pricePerShareCents;
    day.shares += trade.sharesCount;
    day.value += trade.pricePerShareCents * BigInt(trade.sharesCount);
    days.set(key, day);
  }
  return [...days.entries()]
    .filter(([, day]) => day.shares > 0)
    .map(([date, day]) => ({
      date,
      priceCents: divideRoundedHalfUp(day.value, BigInt(day.shares)),
      closePriceCents: day.close,
      volumeShares: day.shares,
      volumeCents: day.value,
    }));
};

/**
 * The chart series: each trading day with its 30-day moving average, the volume-weighted price of
 * the trades of that day and the 29 calendar days before it (spec section 9).
 */
export const diagramSeries = (daily: readonly DailyPrice[], windowDays: number = VWAP_WINDOW_DAYS): DiagramPoint[] => {
  const points: DiagramPoint[] = [];
  let start = 0;
  let windowValue = 0n;
  let windowShares = 0n;
  for (let i = 0; i < daily.length; i += 1) {
    const day = daily[i] as DailyPrice;
    windowValue += day.volumeCents;
    windowShares += BigInt(day.volumeShares);
    const today = dayNumber(day.date);
    while (start < i && dayNumber((daily[start] as DailyPrice).date) <= today - windowDays) {
      const old = daily[start] as DailyPrice;
      windowValue -= old.volumeCents;
      windowShares -= BigInt(old.volumeShares);
      start += 1;
    }
    points.push({ ...day, movingAverageCents: divideRoundedHalfUp(windowValue, windowShares) });
  }
  return points;
};

export type PriceDeviation = 'none' | 'info' | 'confirm';

/**
 * Spec section 5, price warnings against the 30-day weighted average: more than 10 % above or
 * below informs, more than 20 % needs a confirmation (Accepted20PercentDifference).
 */
export const priceDeviation = (priceCents: Cents, averageCents: Cents | null): PriceDeviation => {
  if (averageCents === null || averageCents <= 0n) return 'none';
  const diff = priceCents > averageCents ? priceCents - averageCents : averageCents - priceCents;
  // diff / average > threshold  ⇔  diff · 10000 > threshold · average (exact, no rounding)
  if (diff * BPS_PER_UNIT > BigInt(PRICE_CONFIRM_THRESHOLD_BPS) * averageCents) return 'confirm';
  if (diff * BPS_PER_UNIT > BigInt(PRICE_INFO_THRESHOLD_BPS) * averageCents) return 'info';
  return 'none';
};
