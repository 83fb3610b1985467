import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PortfolioEvent, portfolioHistory } from './portfolio-history.js';

const at = (iso: string) => Date.parse(iso);
const issue = new Map([
  ['loft', 50_000n],
  ['wind', 25_000n],
]);

describe('portfolioHistory: market value and invested capital per day', () => {
  it('nothing held, nothing to draw', () => {
    expect(
      portfolioHistory(
        [{ kind: 'invested', atMs: at('2026-11-01T10:00:00Z'), cents: 100n }],
        issue,
        at('2026-11-03T10:00:00Z'),
      ),
    ).toEqual([]);
  });

  it('values at the issue price until the first trade, then at the day’s last trade, through today', () => {
    const events: PortfolioEvent[] = [
      { kind: 'shares', atMs: at('2026-11-01T09:00:00Z'), assetId: 'loft', shares: 2n },
      { kind: 'invested', atMs: at('2026-11-01T09:00:00Z'), cents: 101_000n },
      { kind: 'price', atMs: at('2026-11-02T08:00:00Z'), assetId: 'loft', priceCents: 52_000n },
      { kind: 'price', atMs: at('2026-11-02T15:00:00Z'), assetId: 'loft', priceCents: 51_000n },
      { kind: 'shares', atMs: at('2026-11-03T12:00:00Z'), assetId: 'wind', shares: 4n },
      { kind: 'invested', atMs: at('2026-11-03T12:00:00Z'), cents: 101_000n },
    ];
    expect(portfolioHistory(events, issue, at('2026-11-04T12:00:00Z'))).toEqual([
      { date: '2026-11-01', valueCents: 100_000n, investedCents: 101_000n },
      { date: '2026-11-02', valueCents: 102_000n, investedCents: 101_000n },
      { date: '2026-11-03', valueCents: 202_000n, investedCents: 202_000n },
      { date: '2026-11-04', valueCents: 202_000n, investedCents: 202_000n },
    ]);
  });

  it('counts days in Vienna: a purchase at 23:30 UTC on 31 Oct belongs to 1 Nov', () => {
    const events: PortfolioEvent[] = [
      { kind: 'shares', atMs: at('2026-10-31T23:30:00Z'), assetId: 'loft', shares: 1n },
    ];
    expect(portfolioHistory(events, issue, at('2026-11-01T10:00:00Z')).map((point) => point.date)).toEqual([
      '2026-11-01',
    ]);
  });

  it('a sale takes the shares out and the proceeds off the invested capital', () => {
    const events: PortfolioEvent[] = [
      { kind: 'shares', atMs: at('2026-11-01T09:00:00Z'), assetId: 'loft', shares: 3n },
      { kind: 'invested', atMs: at('2026-11-01T09:00:00Z'), cents: 150_000n },
      { kind: 'shares', atMs: at('2026-11-02T09:00:00Z'), assetId: 'loft', shares: -3n },
      { kind: 'invested', atMs: at('2026-11-02T09:00:00Z'), cents: -149_000n },
    ];
    expect(portfolioHistory(events, issue, at('2026-11-02T10:00:00Z')).at(-1)).toEqual({
      date: '2026-11-02',
      valueCents: 0n,
      investedCents: 1_000n,
    });
  });

  it('every day appears once, in order, and the last one is today at the shares held now', () => {
    const day = 86_400_000;
    const start = at('2026-01-01T12:00:00Z');
    fc.assert(
      fc.property(
        fc.array(fc.record({ offset: fc.integer({ min: 0, max: 60 }), shares: fc.integer({ min: 1, max: 50 }) }), {
          minLength: 1,
          maxLength: 30,
        }),
        (buys) => {
          const events: PortfolioEvent[] = buys.map((buy) => ({
            kind: 'shares',
            atMs: start + buy.offset * day,
            assetId: 'wind',
            shares: BigInt(buy.shares),
          }));
          const now = start + 61 * day;
          const points = portfolioHistory(events, issue, now);
          const first = Math.min(...buys.map((buy) => buy.offset));
          expect(points).toHaveLength(62 - first);
          for (let i = 1; i < points.length; i += 1)
            expect(Date.parse(points[i]?.date ?? '') - Date.parse(points[i - 1]?.date ?? '')).toBe(day);
          const held = buys.reduce((sum, buy) => sum + BigInt(buy.shares), 0n);
          expect(points.at(-1)?.valueCents).toBe(held * 25_000n);
        },
      ),
    );
  });
});
