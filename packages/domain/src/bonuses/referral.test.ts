import { describe, expect, it } from 'vitest';
import { decideReferral, isReferralCode, normaliseReferralCode, type ReferralFacts } from './referral.js';

const facts = (over: Partial<ReferralFacts> = {}): ReferralFacts => ({
  programmeEnabled: true,
  referrerId: 'anna',
  refereeId: 'neu',
  investmentCents: 50_000n,
  referrerIbans: ['AT611904300234573201'],
  refereeIbans: ['DE89370400440532013000'],
  referrerIdentity: 'anna|berger|1985-03-14',
  refereeIdentity: 'nora|neu|1990-01-01',
  terms: {
    referrerBonusCents: 5_000n,
    refereeBonusCents: 5_000n,
    minimumInvestmentCents: 50_000n,
    budgetCents: null,
    paidCents: 0n,
  },
  ...over,
});

describe('decideReferral', () => {
  it.each([
    [
      'pays both at exactly the minimum',
      facts(),
      { kind: 'pay', referrerBonusCents: 5_000n, refereeBonusCents: 5_000n },
    ],
    [
      'waits below the minimum (a later investment may qualify)',
      facts({ investmentCents: 49_999n }),
      { kind: 'notYet' },
    ],
    ['does nothing while the programme is off', facts({ programmeEnabled: false }), { kind: 'notYet' }],
    ['refuses a self-referral', facts({ refereeId: 'anna' }), { kind: 'refuse', reason: 'selfReferral' }],
    [
      'refuses the same person by a shared payout IBAN',
      facts({ refereeIbans: ['AT611904300234573201'] }),
      { kind: 'refuse', reason: 'samePerson' },
    ],
    [
      'refuses the same person by name and birth date',
      facts({ refereeIdentity: 'anna|berger|1985-03-14' }),
      { kind: 'refuse', reason: 'samePerson' },
    ],
    [
      'refuses the same person by the identity document they were verified with',
      facts({ referrerDocuments: ['idCard|P1234567'], refereeDocuments: ['passport|X1', 'idCard|P1234567'] }),
      { kind: 'refuse', reason: 'samePerson' },
    ],
    [
      'pays when the identity documents differ',
      facts({ referrerDocuments: ['idCard|P1234567'], refereeDocuments: ['idCard|P7654321'] }),
      { kind: 'pay', referrerBonusCents: 5_000n, refereeBonusCents: 5_000n },
    ],
    [
      'pays when the budget covers both bonuses exactly',
      facts({ terms: { ...facts().terms, budgetCents: 10_000n, paidCents: 0n } }),
      { kind: 'pay', referrerBonusCents: 5_000n, refereeBonusCents: 5_000n },
    ],
    [
      'refuses when the budget cannot cover both',
      facts({ terms: { ...facts().terms, budgetCents: 19_999n, paidCents: 10_000n } }),
      { kind: 'refuse', reason: 'budgetSpent' },
    ],
  ])('%s', (_name, input, expected) => {
    expect(decideReferral(input)).toEqual(expected);
  });

  it('reads codes the way people type them', () => {
    expect(normaliseReferralCode(' ab2c3d4e ')).toBe('AB2C3D4E');
    expect(isReferralCode('AB2C3D4E')).toBe(true);
    expect(isReferralCode('AB0C3D4E')).toBe(false);
    expect(isReferralCode('AB2C3D4')).toBe(false);
  });
});
