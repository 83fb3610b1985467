import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  dailyPrices,
  diagramSeries,
  type PriceTrade,
  priceDeviation,
  vwap30Days,
  vwapRoundedHalfUp,
} from './price-history.js';

const at = (iso: string, priceCents: bigint, sharesCount: number): PriceTrade => ({
  tradedAtMs: Date.parse(iso),
  pricePerShareCents: priceCents,
  sharesCount,
});

describe('volume-weighted average price', () => {
  it('weights each trade by its shares and rounds half up to the cent', () => {
    // (100,00 € × 3 + 110,00 € × 1) / 4 = 102,50 €
    expect(vwapRoundedHalfUp([at('2026-03-01T10:00:00Z', 10_000n, 3), at('2026-03-01T11:00:00Z', 11_000n, 1)])).toBe(
      10_250n,
    );
    // (100,01 × 1 + 100,02 × 1) / 2 = 100,015 → 100,02 (half up)
    expect(vwapRoundedHalfUp([at('2026-03-01T10:00:00Z', 10_001n, 1), at('2026-03-01T11:00:00Z', 10_002n, 1)])).toBe(
      10_002n,
    );
    // (100,00 × 2 + 100,01 × 1) / 3 = 100,0033… → 100,00
    expect(vwapRoundedHalfUp([at('2026-03-01T10:00:00Z', 10_000n, 2), at('2026-03-01T11:00:00Z', 10_001n, 1)])).toBe(
      10_000n,
    );
    expect(vwapRoundedHalfUp([])).toBeNull();
  });

  it('over 30 days takes trades in (asOf − 30 days, asOf] only', () => {
    const trades = [
      at('2026-01-31T12:00:00Z', 50_000n, 100), // exactly 30 days before asOf: out
      at('2026-02-01T12:00:00Z', 10_000n, 1),
      at('2026-03-02T12:00:00Z', 12_000n, 1), // asOf itself: in
      at('2026-03-03T12:00:00Z', 90_000n, 100), // after asOf: out
    ];
    expect(vwap30Days(trades, Date.parse('2026-03-02T12:00:00Z'))).toBe(11_000n);
  });

  it("is the chart's moving average of the day (one figure, issue 34)", () => {
    const trades = [
      at('2026-01-31T20:00:00Z', 9_000n, 7), // 31 January in Vienna: 30 days back, out
      at('2026-01-31T22:30:00Z', 9_500n, 3), // already 1 February in Vienna
      at('2026-02-15T12:00:00Z', 10_400n, 5),
      at('2026-03-02T08:00:00Z', 10_200n, 2),
    ];
    const last = diagramSeries(dailyPrices(trades)).at(-1);
    expect(vwap30Days(trades, Date.parse('2026-03-02T18:00:00Z'))).toBe(last?.movingAverageCents);
  });
});

describe('daily prices and the 30-day moving average (spec section 9)', () => {
  it('groups trades by Vienna calendar day', () => {
    // 23:30 UTC on 1 March is already 2 March in Vienna (UTC+1)
    expect(calendarDay(Date.parse('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
    const days = dailyPrices([
      at('2026-03-01T09:00:00Z', 10_000n, 2),
      at('2026-03-01T15:00:00Z', 10_300n, 1),
      at('2026-03-01T23:30:00Z', 10_600n, 1),
    ]);
    expect(days).toEqual([
      { date: '2026-03-01', priceCents: 10_100n, closePriceCents: 10_300n, volumeShares: 3, volumeCents: 30_300n },
      { date: '2026-03-02', priceCents: 10_600n, closePriceCents: 10_600n, volumeShares: 1, volumeCents: 10_600n },
    ]);
  });

  it('averages the trades of the day and the 29 days before, weighted by volume', () => {
    const series = diagramSeries(
      dailyPrices([
        at('2026-01-01T10:00:00Z', 10_000n, 1),
        at('2026-01-15T10:00:00Z', 11_000n, 3),
        at('2026-01-30T10:00:00Z', 12_000n, 1), // window 01.01–30.01: (100 + 330 + 120) / 5 = 110,00
        at('2026-01-31T10:00:00Z', 13_000n, 1), // 01.01 drops out: (330 + 120 + 130) / 5 = 116,00
        at('2026-03-10T10:00:00Z', 9_000n, 2), // nothing else within 30 days: 90,00
      ]),
    );
    expect(series.map((p) => [p.date, p.priceCents, p.movingAverageCents])).toEqual([
      ['2026-01-01', 10_000n, 10_000n],
      ['2026-01-15', 11_000n, 10_750n],
      ['2026-01-30', 12_000n, 11_000n],
      ['2026-01-31', 13_000n, 11_600n],
      ['2026-03-10', 9_000n, 9_000n],
    ]);
  });
});

describe('price warnings (spec section 5)', () => {
  it.each([
    [11_000n, 'none'], // exactly 10 % above: no info yet
    [11_001n, 'info'],
    [12_000n, 'info'], // exactly 20 %: info, no confirmation
    [12_001n, 'confirm'],
    [7_999n, 'confirm'],
    [8_999n, 'info'],
    [9_000n, 'none'],
  ] as const)('price %s against an average of 100,00 € → %s', (price, expected) => {
    expect(priceDeviation(price, 10_000n)).toBe(expected);
  });
  it('has nothing to warn about without an average', () => {
    expect(priceDeviation(50_000n, null)).toBe('none');
  });
});
