import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateByLargestRemainder } from './allocation.js';
import { lastEndedPeriod, parsePeriodKey, periodContaining, periodFollowsFrequency, periodHolding } from './periods.js';
import { planDistribution } from './plan.js';
import { legalFormOf, sumOfTaxLines, TAX_RULES, withholdingTaxes } from './tax-rules.js';

const noChurch = { hasChurchTax: false, churchTaxState: null } as const;

describe('withholdingTaxes: worked examples (ADR 0030)', () => {
  it.each([
    // 100.00 € to an investor in an Austrian participation right: 27.5 % KESt.
    ['AT participation right, 100.00 €', 10_000n, 'AT', 'participationRight', noChurch, [['KESt', 2_750n]]],
    ['AT bond, 100.00 €', 10_000n, 'AT', 'bond', noChurch, [['KESt', 2_750n]]],
    // 0.01 € · 27.5 % = 0.275 ct: dropped.
    ['AT, 1 ct rounds down to nothing', 1n, 'AT', 'participationRight', noChurch, []],
    ['AT, 12.34 €: 3.3935 € → 3.39 €', 1_234n, 'AT', 'participationRight', noChurch, [['KESt', 339n]]],
    ['AT equity (Mitunternehmer): assessed, nothing withheld', 10_000n, 'AT', 'equity', noChurch, []],
    ['AT co-ownership (rent): assessed, nothing withheld', 10_000n, 'AT', 'coOwnership', noChurch, []],
    // Germany, no church: 25 % KapESt, Soli 5.5 % of it = 1.375 € → 1.37 €.
    [
      'DE, no church, 100.00 €',
      10_000n,
      'DE',
      'participationRight',
      noChurch,
      [
        ['KapESt', 2_500n],
        ['Soli', 137n],
      ],
    ],
    // Church member in Bavaria (8 %): KapESt = 100 / (4 + 0.08) = 24.5098 € → 24.50 €,
    // Soli 5.5 % · 24.50 = 1.3475 → 1.34 €, KiSt 8 % · 24.50 = 1.96 €.
    [
      'DE, church member in Bavaria, 100.00 €',
      10_000n,
      'DE',
      'participationRight',
      { hasChurchTax: true, churchTaxState: 'DE-BY' },
      [
        ['KapESt', 2_450n],
        ['Soli', 134n],
        ['Kirchensteuer', 196n],
      ],
    ],
    [
      'DE, church member in Baden-Württemberg, 100.00 €',
      10_000n,
      'DE',
      'bond',
      { hasChurchTax: true, churchTaxState: 'DE-BW' },
      [
        ['KapESt', 2_450n],
        ['Soli', 134n],
        ['Kirchensteuer', 196n],
      ],
    ],
    // Berlin (9 %): 100 / 4.09 = 24.4498 → 24.44 €, Soli 1.3442 → 1.34 €, KiSt 2.1996 → 2.19 €.
    [
      'DE, church member in Berlin, 100.00 €',
      10_000n,
      'DE',
      'participationRight',
      { hasChurchTax: true, churchTaxState: 'DE-BE' },
      [
        ['KapESt', 2_444n],
        ['Soli', 134n],
        ['Kirchensteuer', 219n],
      ],
    ],
    // 1,000.00 € in Bavaria: 1000 / 4.08 = 245.098 → 245.09 €; Soli 13.4799 → 13.47; KiSt 19.6072 → 19.60.
    [
      'DE, church member in Bavaria, 1,000.00 €',
      100_000n,
      'DE',
      'participationRight',
      { hasChurchTax: true, churchTaxState: 'DE-BY' },
      [
        ['KapESt', 24_509n],
        ['Soli', 1_347n],
        ['Kirchensteuer', 1_960n],
      ],
    ],
    [
      'DE, church answer yes without a state: no church tax can be withheld',
      10_000n,
      'DE',
      'participationRight',
      { hasChurchTax: true, churchTaxState: null },
      [
        ['KapESt', 2_500n],
        ['Soli', 137n],
      ],
    ],
    ['DE equity (Mitunternehmer): nothing withheld', 10_000n, 'DE', 'equity', noChurch, []],
  ] as const)('%s', (_name, gross, regime, legalForm, investor, expected) => {
    const lines = withholdingTaxes({ grossCents: gross, regime, legalForm, investor });
    expect(lines.map((l) => [l.taxType, l.amountCents])).toEqual(expected);
    expect(sumOfTaxLines(lines) <= gross).toBe(true);
  });

  it('every rule names its source', () => {
    for (const regime of Object.values(TAX_RULES))
      for (const rule of Object.values(regime)) expect(rule.source).toMatch(/§/);
  });

  it('maps every security type to a legal form', () => {
    expect(legalFormOf('participationRightEquity')).toBe('participationRight');
    expect(legalFormOf('participationRightDebtCapital')).toBe('participationRight');
    expect(legalFormOf('participationKG')).toBe('equity');
    expect(legalFormOf('participationAtypicalSilent')).toBe('equity');
    expect(legalFormOf('purchaseWithManagementOutsourcing')).toBe('coOwnership');
  });

  it('never withholds more than the gross (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.constantFrom('AT' as const, 'DE' as const),
        fc.constantFrom('DE-BY' as const, 'DE-NW' as const, null),
        (gross, regime, state) => {
          const lines = withholdingTaxes({
            grossCents: gross,
            regime,
            legalForm: 'participationRight',
            investor: { hasChurchTax: state !== null, churchTaxState: state },
          });
          const tax = sumOfTaxLines(lines);
          return tax >= 0n && tax <= gross && lines.every((l) => l.amountCents > 0n);
        },
      ),
    );
  });
});

describe('allocateByLargestRemainder', () => {
  it('gives the remainder cents to the largest remainders, ties to the larger holding, then the smaller key', () => {
    // 100 ct over 3 × 1 share: 33 each, 1 left; equal remainders and holdings → key "a".
    expect(
      allocateByLargestRemainder(100n, [
        { holder: 'c', shares: 1n },
        { holder: 'a', shares: 1n },
        { holder: 'b', shares: 1n },
      ]).map((a) => [a.holder, a.cents]),
    ).toEqual([
      ['c', 33n],
      ['a', 34n],
      ['b', 33n],
    ]);
    // 10 ct over 1:2 → 3.33 / 6.67: the larger remainder (0.67) takes the cent.
    expect(
      allocateByLargestRemainder(10n, [
        { holder: 'x', shares: 1n },
        { holder: 'y', shares: 2n },
      ]).map((a) => a.cents),
    ).toEqual([3n, 7n]);
  });

  it('sums exactly, nobody negative, nobody off by a cent or more (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 11n }),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 6n }), { minLength: 1, maxLength: 60 }),
        (total, shares) => {
          fc.pre(shares.some((s) => s > 0n));
          const holdings = shares.map((s, i) => ({ holder: `h${i}`, shares: s }));
          const all = shares.reduce((a, b) => a + b, 0n);
          const result = allocateByLargestRemainder(total, holdings);
          expect(result.reduce((sum, a) => sum + a.cents, 0n)).toBe(total);
          for (const a of result) {
            expect(a.cents >= 0n).toBe(true);
            const exactFloor = (total * a.shares) / all;
            expect(a.cents === exactFloor || a.cents === exactFloor + 1n).toBe(true);
          }
        },
      ),
    );
  });
});

describe('periods (spec section 9, quarter ends)', () => {
  it.each([
    ['2026-Q1', 'quarterly', '2026-01-01', '2026-03-31'],
    ['2026-Q2', 'quarterly', '2026-04-01', '2026-06-30'],
    ['2026-Q3', 'quarterly', '2026-07-01', '2026-09-30'],
    ['2026-Q4', 'quarterly', '2026-10-01', '2026-12-31'],
    ['2024-02', 'monthly', '2024-02-01', '2024-02-29'],
    ['2026-02', 'monthly', '2026-02-01', '2026-02-28'],
    ['2026', 'yearly', '2026-01-01', '2026-12-31'],
  ])('%s', (key, frequency, start, end) => {
    expect(parsePeriodKey(key)).toEqual({ key, frequency, start, end });
  });
  it.each(['2026-Q5', '2026-13', '26', '2026-1', 'x'])('refuses %s', (key) => {
    expect(parsePeriodKey(key)).toBeNull();
  });
  it('finds the period of a date', () => {
    expect(periodContaining('quarterly', '2026-05-17').key).toBe('2026-Q2');
    expect(periodContaining('monthly', '2026-05-17').key).toBe('2026-05');
    expect(periodContaining('yearly', '2026-05-17').key).toBe('2026');
  });
});

describe('planDistribution', () => {
  it('pays 100.00 € over 3 of 4 shares with KESt; the unheld share stays with the issuer', () => {
    const plan = planDistribution({
      incomeCents: 10_000n,
      totalShares: 4n,
      holdings: [
        { userId: 'a', shares: 2n },
        { userId: 'b', shares: 1n },
      ],
      securityType: 'participationRightEquity',
      issuerCountry: 'AT',
      taxFactsOf: () => undefined,
    });
    expect(plan.payments.map((p) => [p.userId, p.grossCents, p.netCents])).toEqual([
      ['a', 5_000n, 3_625n],
      ['b', 2_500n, 1_813n],
    ]);
    expect(plan.issuerCents).toBe(2_500n);
    expect(plan.taxByType.get('KESt')).toBe(1_375n + 687n);
  });

  it('Σ net + Σ tax + issuer = income, nobody negative (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        fc.array(fc.tuple(fc.bigInt({ min: 1n, max: 5_000n }), fc.boolean()), { minLength: 1, maxLength: 40 }),
        fc.bigInt({ min: 0n, max: 5_000n }),
        fc.constantFrom('AT', 'DE', 'CH'),
        fc.constantFrom('participationRightEquity' as const, 'participationKG' as const),
        (income, holders, unheld, country, securityType) => {
          const holdings = holders.map(([shares], i) => ({ userId: `u${i}`, shares }));
          const plan = planDistribution({
            incomeCents: income,
            totalShares: holdings.reduce((s, h) => s + h.shares, 0n) + unheld,
            holdings,
            securityType,
            issuerCountry: country,
            taxFactsOf: (id) => {
              const church = holders[Number(id.slice(1))]?.[1];
              return { hasChurchTax: church ?? false, churchTaxState: church ? 'DE-BY' : null };
            },
          });
          const net = plan.payments.reduce((s, p) => s + p.netCents, 0n);
          expect(net + plan.taxCents + plan.issuerCents).toBe(income);
          expect([...plan.taxByType.values()].reduce((s, v) => s + v, 0n)).toBe(plan.taxCents);
          for (const p of plan.payments) expect(p.netCents > 0n && p.grossCents >= p.netCents).toBe(true);
        },
      ),
    );
  });
});

describe('periods follow the asset (issue 35)', () => {
  it('a monthly asset takes monthly periods only', () => {
    const quarter = parsePeriodKey('2026-Q1');
    const month = parsePeriodKey('2026-03');
    if (!quarter || !month) throw new Error('bad keys');
    expect(periodFollowsFrequency(quarter, 'monthly')).toBe(false);
    expect(periodFollowsFrequency(month, 'monthly')).toBe(true);
    expect(periodFollowsFrequency(quarter, 'quarterly')).toBe(true);
    expect(periodFollowsFrequency(month, 'yearly')).toBe(false);
  });
  it('an income span fits one period of the asset or none', () => {
    expect(periodHolding('monthly', '2026-03-01', '2026-03-31')?.key).toBe('2026-03');
    expect(periodHolding('monthly', '2026-03-15', '2026-04-14')).toBeNull();
    expect(periodHolding('quarterly', '2026-02-01', '2026-02-28')?.key).toBe('2026-Q1');
    expect(periodHolding('quarterly', '2026-03-01', '2026-04-30')).toBeNull();
    expect(periodHolding('yearly', '2026-01-01', '2026-12-31')?.key).toBe('2026');
  });
  it('the last ended period is the one before the running one', () => {
    expect(lastEndedPeriod('monthly', '2026-01-01').key).toBe('2025-12');
    expect(lastEndedPeriod('monthly', '2026-03-31').key).toBe('2026-02');
    expect(lastEndedPeriod('quarterly', '2026-04-01').key).toBe('2026-Q1');
    expect(lastEndedPeriod('quarterly', '2026-03-31').key).toBe('2025-Q4');
    expect(lastEndedPeriod('yearly', '2026-12-07').key).toBe('2025');
  });
});
