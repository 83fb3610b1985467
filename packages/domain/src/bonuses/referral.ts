import type { Cents } from '../money.js';

/** Referral codes: 8 characters without look-alikes (no 0/O, 1/I/L), typed by people. */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;

export const normaliseReferralCode = (code: string): string => code.trim().toUpperCase();

export const isReferralCode = (code: string): boolean =>
  code.length === REFERRAL_CODE_LENGTH && [...code].every((char) => REFERRAL_CODE_ALPHABET.includes(char));

export type ReferralTerms = {
  referrerBonusCents: Cents;
  refereeBonusCents: Cents;
  minimumInvestmentCents: Cents;
  /** Null: no budget limit. */
  budgetCents: Cents | null;
  paidCents: Cents;
};

export type ReferralFacts = {
  programmeEnabled: boolean;
  referrerId: string;
  refereeId: string;
  /** The settled investment that may qualify. */
  investmentCents: Cents;
  /** Payout IBANs of either side (normalised, no spaces). */
  referrerIbans: readonly string[];
  refereeIbans: readonly string[];
  /** Name and birth date of either side, when known ("first|last|yyyy-mm-dd", lower case). */
  referrerIdentity: string | null;
  refereeIdentity: string | null;
  /** Identity documents either side was verified with ("type|number", normalised). */
  referrerDocuments?: readonly string[];
  refereeDocuments?: readonly string[];
  terms: ReferralTerms;
};

export type ReferralDecision =
  | { kind: 'notYet' }
  | { kind: 'pay'; referrerBonusCents: Cents; refereeBonusCents: Cents }
  | { kind: 'refuse'; reason: 'selfReferral' | 'samePerson' | 'budgetSpent' };

/**
 * Whether a referred investor's settled investment pays the referral bonus (issue 25), in this
 * order: the programme must be on; an investment below the minimum does not qualify yet (a later
 * one may); the same account, or the same person under two accounts (a shared payout IBAN, or the
 * same name and birth date) is refused; so is a payout the budget cannot cover in full.
 */
export const decideReferral = (facts: ReferralFacts): ReferralDecision => {
  if (!facts.programmeEnabled) return { kind: 'notYet' };
  if (facts.investmentCents < facts.terms.minimumInvestmentCents) return { kind: 'notYet' };
  if (facts.referrerId === facts.refereeId) return { kind: 'refuse', reason: 'selfReferral' };
  const sharedIban = facts.refereeIbans.some((iban) => facts.referrerIbans.includes(iban));
  const sameIdentity = facts.referrerIdentity !== null && facts.referrerIdentity === facts.refereeIdentity;
  const sharedDocument = (facts.refereeDocuments ?? []).some((doc) => (facts.referrerDocuments ?? []).includes(doc));
  if (sharedIban || sameIdentity || sharedDocument) return { kind: 'refuse', reason: 'samePerson' };
  const total = facts.terms.referrerBonusCents + facts.terms.refereeBonusCents;
  if (facts.terms.budgetCents !== null && facts.terms.paidCents + total > facts.terms.budgetCents)
    return { kind: 'refuse', reason: 'budgetSpent' };
  return {
    kind: 'pay',
    referrerBonusCents: facts.terms.referrerBonusCents,
    refereeBonusCents: facts.terms.refereeBonusCents,
  };
};
