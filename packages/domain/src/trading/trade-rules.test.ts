import { describe, expect, it } from 'vitest';
import {
  type TradeFacts,
  type TradeRefusal,
  type TradeRuleName,
  taxRefusal,
  tradeRefusal,
  tradeRules,
} from './trade-rules.js';

/**
 * A verified adult Austrian buying 10 shares of EUR 100 of an Austrian KG, at the 30-day average,
 * whose knowledge and experience fit: every rule lets it through.
 */
const base: TradeFacts = {
  side: 'buy',
  today: '2026-12-07',
  user: {
    status: 'verified',
    domicile: 'AT',
    birthDate: '1985-07-04',
    taxIdCountries: [],
    hasChurchTaxAnswer: false,
  },
  asset: { securityType: 'participationKG', countryCode: 'AT', issuerCountryCode: 'AT' },
  amountCents: 100_000n,
  priceCents: 10_000n,
  averagePriceCents: 10_000n,
  acceptedWarnings: [],
  appropriateness: 'Appropriate',
  acknowledgedAppropriateness: false,
};

type Change = (facts: TradeFacts) => TradeFacts;
const facts = (change: Change): TradeFacts => change(structuredClone(base));
const user =
  (values: Partial<TradeFacts['user']>): Change =>
  (f) => ({ ...f, user: { ...f.user, ...values } });
const asset =
  (values: Partial<TradeFacts['asset']>): Change =>
  (f) => ({ ...f, asset: { ...f.asset, ...values } });
const sell: Change = (f) => ({ ...f, side: 'sell' });
const both =
  (...changes: Change[]): Change =>
  (f) =>
    changes.reduce((acc, change) => change(acc), f);

type Row = [label: string, rule: TradeRuleName | null, change: Change, expected: TradeRefusal | null];

const rows: Row[] = [
  ['a verified adult Austrian buys', null, (f) => f, null],
  ['an active user buys too', null, user({ status: 'active' }), null],
  ['a new user may not buy', 'verified', user({ status: 'new' }), 'INVESTMENT_NOT_VERIFIED'],
  ['a pending user may not buy', 'verified', user({ status: 'pending' }), 'INVESTMENT_NOT_VERIFIED'],
  ['a deactivated user may not buy', 'verified', user({ status: 'deactivated' }), 'INVESTMENT_NOT_VERIFIED'],
  ['a new user may not sell', 'verified', both(sell, user({ status: 'new' })), 'OFFER_USER_NOT_VERIFIED'],
  ['no residence on record', 'personalData', user({ domicile: null }), 'INVESTMENT_PERSONAL_DATA_REQUIRED'],
  ['no birth date on record', 'personalData', user({ birthDate: null }), 'INVESTMENT_PERSONAL_DATA_REQUIRED'],
  ['resident in Germany', 'residence', user({ domicile: 'DE' }), 'INVESTMENT_RESIDENCE_NOT_ALLOWED'],
  ['resident in Switzerland', 'residence', user({ domicile: 'CH' }), 'INVESTMENT_RESIDENCE_NOT_ALLOWED'],
  ['17 years old, 18 tomorrow', 'age', user({ birthDate: '2008-12-08' }), 'INVESTMENT_UNDERAGE'],
  ['18 today', null, user({ birthDate: '2008-12-07' }), null],
  [
    'born on 29 February: of age on 1 March of a common year, not on 28 February',
    'age',
    both(user({ birthDate: '2008-02-29' }), (f) => ({ ...f, today: '2026-02-28' })),
    'INVESTMENT_UNDERAGE',
  ],
  [
    'born on 29 February, on 1 March',
    null,
    both(user({ birthDate: '2008-02-29' }), (f) => ({ ...f, today: '2026-03-01' })),
    null,
  ],
  [
    'a German product without a German tax ID',
    'taxId',
    asset({ countryCode: 'DE', issuerCountryCode: 'DE' }),
    'INVESTMENT_GERMAN_TAX_ID_REQUIRED',
  ],
  [
    'a German product without the church-tax answer',
    'taxId',
    both(asset({ countryCode: 'DE' }), user({ taxIdCountries: ['DE'] })),
    'INVESTMENT_CHURCH_TAX_ANSWER_REQUIRED',
  ],
  [
    'a German product with both',
    null,
    both(asset({ countryCode: 'DE' }), user({ taxIdCountries: ['DE'], hasChurchTaxAnswer: true })),
    null,
  ],
  [
    'an Austrian participation right of an Austrian issuer without an Austrian tax ID',
    'taxId',
    asset({ securityType: 'participationRightEquity' }),
    'INVESTMENT_AUSTRIAN_TAX_ID_REQUIRED',
  ],
  [
    'the same with an Austrian tax ID',
    null,
    both(asset({ securityType: 'participationRightEquity' }), user({ taxIdCountries: ['AT'] })),
    null,
  ],
  [
    'selling an Austrian participation right needs no tax ID ("except on sells")',
    null,
    both(sell, asset({ securityType: 'participationRightEquity' })),
    null,
  ],
  ['selling a German product needs no tax ID', null, both(sell, asset({ countryCode: 'DE' })), null],
  [
    'buying 21 % above the 30-day average',
    'priceDeviation',
    (f) => ({ ...f, priceCents: 12_101n }),
    'OFFER_PRICE_WARNING_NOT_ACCEPTED',
  ],
  ['buying exactly 20 % above needs no confirmation', null, (f) => ({ ...f, priceCents: 12_000n }), null],
  [
    'buying 150 € against an average of 103.95 €',
    'priceDeviation',
    (f) => ({ ...f, priceCents: 15_000n, averagePriceCents: 10_395n }),
    'OFFER_PRICE_WARNING_NOT_ACCEPTED',
  ],
  [
    'the same with Accepted20PercentDifference',
    null,
    (f) => ({
      ...f,
      priceCents: 15_000n,
      averagePriceCents: 10_395n,
      acceptedWarnings: ['Accepted20PercentDifference'],
    }),
    null,
  ],
  [
    'selling 25 % below the average',
    'priceDeviation',
    both(sell, (f) => ({ ...f, priceCents: 7_500n })),
    'OFFER_PRICE_WARNING_NOT_ACCEPTED',
  ],
  [
    'no average (no trades, or the issuer price)',
    null,
    (f) => ({ ...f, priceCents: 50_000n, averagePriceCents: null }),
    null,
  ],
  [
    'over EUR 5,000 without Accepted5KLimit',
    'fiveK',
    (f) => ({ ...f, amountCents: 500_001n }),
    'INVESTMENT_5K_CONFIRMATION_REQUIRED',
  ],
  ['exactly EUR 5,000 needs no confirmation', null, (f) => ({ ...f, amountCents: 500_000n }), null],
  [
    'over EUR 5,000 with Accepted5KLimit',
    null,
    (f) => ({ ...f, amountCents: 500_001n, acceptedWarnings: ['Accepted5KLimit'] }),
    null,
  ],
  ['selling over EUR 5,000 needs no confirmation', null, both(sell, (f) => ({ ...f, amountCents: 9_000_000n })), null],
  [
    'not appropriate and not acknowledged',
    'appropriateness',
    (f) => ({ ...f, appropriateness: 'NotAppropriate' }),
    'INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED',
  ],
  [
    'questionnaire skipped and not acknowledged',
    'appropriateness',
    (f) => ({ ...f, appropriateness: 'NotProvided' }),
    'INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED',
  ],
  [
    'not appropriate but the user continues',
    null,
    (f) => ({ ...f, appropriateness: 'NotAppropriate', acknowledgedAppropriateness: true }),
    null,
  ],
  [
    'a seller is never asked about appropriateness',
    null,
    both(sell, (f) => ({ ...f, appropriateness: 'NotAppropriate' })),
    null,
  ],
  [
    'a seller who moved abroad or never gave a birth date may still sell',
    null,
    both(sell, user({ domicile: 'DE', birthDate: null })),
    null,
  ],
];

describe('tradeRefusal: may this trade proceed (ADR 0040)', () => {
  it.each(rows)('%s', (_label, _rule, change, expected) => {
    expect(tradeRefusal(facts(change))).toBe(expected);
  });

  it('has a refusing row for every rule on every side it applies to', () => {
    for (const rule of tradeRules)
      for (const side of rule.sides) {
        const refusing = rows.filter(([, name, change]) => name === rule.name && facts(change).side === side);
        expect(refusing.length, `${rule.name} on ${side}`).toBeGreaterThan(0);
      }
  });

  it('answers the first rule that refuses, in the listed order', () => {
    const everything = facts(
      both(user({ status: 'new', domicile: 'DE', birthDate: '2010-01-01' }), asset({ countryCode: 'DE' }), (f) => ({
        ...f,
        priceCents: 50_000n,
        amountCents: 9_000_000n,
        appropriateness: 'NotAppropriate',
      })),
    );
    const answers: (TradeRefusal | null)[] = [];
    let current = everything;
    const fixes: Change[] = [
      user({ status: 'verified' }),
      user({ domicile: 'AT' }),
      user({ birthDate: '1990-01-01' }),
      user({ taxIdCountries: ['DE'], hasChurchTaxAnswer: true }),
      (f) => ({ ...f, acceptedWarnings: ['Accepted20PercentDifference'] }),
      (f) => ({ ...f, acceptedWarnings: [...f.acceptedWarnings, 'Accepted5KLimit'] }),
      (f) => ({ ...f, acknowledgedAppropriateness: true }),
    ];
    answers.push(tradeRefusal(current));
    for (const fix of fixes) {
      current = fix(current);
      answers.push(tradeRefusal(current));
    }
    expect(answers).toEqual([
      'INVESTMENT_NOT_VERIFIED',
      'INVESTMENT_RESIDENCE_NOT_ALLOWED',
      'INVESTMENT_UNDERAGE',
      'INVESTMENT_GERMAN_TAX_ID_REQUIRED',
      'OFFER_PRICE_WARNING_NOT_ACCEPTED',
      'INVESTMENT_5K_CONFIRMATION_REQUIRED',
      'INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED',
      null,
    ]);
  });

  it('keeps the German-domicile tax rule of spec section 5 for a buyer resident in Germany', () => {
    // Unreachable on a buy while only residents of Austria may invest; stated so it holds when that changes.
    expect(taxRefusal(facts(both(asset({ issuerCountryCode: 'DE' }), user({ domicile: 'DE' }))))).toBe(
      'INVESTMENT_GERMAN_TAX_ID_REQUIRED',
    );
    expect(taxRefusal(base)).toBeNull();
  });
});
