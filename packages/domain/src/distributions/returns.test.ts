import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toBasisPoints, totalReturn, xirr } from './returns.js';

const d = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('xirr (actual/365, as spreadsheet XIRR)', () => {
  it.each([
    // 1,000 € for a year that returns 1,100 €: 10 % p.a.
    [
      'a year at 10 %',
      [
        ['2025-01-01', -100_000n],
        ['2026-01-01', 110_000n],
      ],
      1000,
    ],
    // The spreadsheet textbook example: −10,000; 2,750; 4,250; 3,250; 2,750 → 37.34 %.
    [
      'the spreadsheet example',
      [
        ['2008-01-01', -1_000_000n],
        ['2008-03-01', 275_000n],
        ['2008-10-30', 425_000n],
        ['2009-02-15', 325_000n],
        ['2009-04-01', 275_000n],
      ],
      3734,
    ],
    // Bought for 5,000 €, 4 quarterly distributions of 50 €, worth 5,000 € after a year: about 4.06 %.
    [
      'quarterly distributions',
      [
        ['2025-01-01', -500_000n],
        ['2025-04-01', 5_000n],
        ['2025-07-01', 5_000n],
        ['2025-10-01', 5_000n],
        ['2026-01-01', 505_000n],
      ],
      406,
    ],
    [
      'a loss',
      [
        ['2025-01-01', -100_000n],
        ['2026-01-01', 90_000n],
      ],
      -1000,
    ],
  ] as const)('%s', (_name, flows, bps) => {
    expect(toBasisPoints(xirr(flows.map(([at, cents]) => ({ at: d(at), cents }))))).toBe(bps);
  });

  it('has no rate without money in both directions or within a day', () => {
    expect(xirr([{ at: d('2025-01-01'), cents: -100n }])).toBeNull();
    expect(
      xirr([
        { at: d('2025-01-01'), cents: -100n },
        { at: d('2025-01-01'), cents: 120n },
      ]),
    ).toBeNull();
  });

  it('the rate found makes the net present value zero (property)', () => {
    // Found by CI: 35,443 € paid, 8,223 € back after 20 days and 3,421 € after 74: about −99.99 % p.a.
    const steep = [
      { at: d('2024-01-01'), cents: -3_544_300n },
      { at: d('2024-01-21'), cents: 822_345n },
      { at: d('2024-03-15'), cents: 342_183n },
    ];
    expect(xirr(steep)).toBeLessThan(-0.99);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10_000n, max: 10_000_000n }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 1500 }), fc.bigInt({ min: 0n, max: 1_000_000n })), {
          minLength: 1,
          maxLength: 10,
        }),
        (invested, later) => {
          const start = d('2024-01-01').getTime();
          const flows = [
            { at: new Date(start), cents: -invested },
            ...later.map(([days, cents]) => ({ at: new Date(start + days * 86_400_000), cents })),
          ];
          const rate = xirr(flows);
          if (rate === null) return true;
          const npv = (at: number) =>
            flows.reduce(
              (sum, f) => sum + Number(f.cents) / 100 / (1 + at) ** ((f.at.getTime() - start) / 86_400_000 / 365),
              0,
            );
          // Near −100 % p.a. (most of the money lost within weeks) the value is so steep in the rate
          // that a cent of it is far below a double's step of the rate: there the rate is a root when
          // the value changes sign within a millionth around it.
          const step = 1e-6;
          return Math.abs(npv(rate)) < 0.01 || Math.sign(npv(rate - step)) !== Math.sign(npv(rate + step));
        },
      ),
    );
  });
});

describe('totalReturn', () => {
  it('is what came back over what was paid', () => {
    expect(
      totalReturn([
        { at: d('2025-01-01'), cents: -100_000n },
        { at: d('2025-06-01'), cents: 2_000n },
        { at: d('2026-01-01'), cents: 103_000n },
      ]),
    ).toBeCloseTo(0.05);
    expect(totalReturn([{ at: d('2025-01-01'), cents: 5n }])).toBeNull();
  });
});
