import type { Cents } from './money.js';

/** Spec sections 5 and 9: the smallest payout and the smallest proof transfer of a payout account. */
export const MINIMUM_PAYOUT_CENTS: Cents = 10n;
export const PAYOUT_ACCOUNT_PROOF_MINIMUM_CENTS: Cents = 1n;
export const PAYOUT_CODE_LENGTH = 6;
export const PAYOUT_CODE_MAX_ATTEMPTS = 3;
export const PAYOUT_CODE_TTL_MS = 10 * 60 * 1000;
/**
 * Payouts of at least this amount wait for a staff member's release before the provider is asked
 * (issue 21, four-eyes on large outflows); the operator may change it (platform setting
 * `payoutReviewThresholdCents`).
 */
export const DEFAULT_PAYOUT_REVIEW_THRESHOLD_CENTS: Cents = 500_000n;

export type PayoutRefusal = 'PAYOUT_ACCOUNT_REQUIRED' | 'PAYOUT_BELOW_MINIMUM' | 'PAYOUT_INSUFFICIENT_FUNDS';

/** Spec section 5, payout: a payout account first, at least € 0,10, not above the available balance. */
export const checkPayout = (input: {
  amountCents: Cents;
  availableCents: Cents;
  hasPayoutAccount: boolean;
}): PayoutRefusal | null => {
  if (!input.hasPayoutAccount) return 'PAYOUT_ACCOUNT_REQUIRED';
  if (input.amountCents < MINIMUM_PAYOUT_CENTS) return 'PAYOUT_BELOW_MINIMUM';
  if (input.amountCents > input.availableCents) return 'PAYOUT_INSUFFICIENT_FUNDS';
  return null;
};

const TRANSLITERATIONS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/**
 * A personal name as comparable tokens: lower case, umlauts and ß spelled out, other accents
 * dropped, punctuation and titles' dots removed. "Müller-Lüdenscheidt, Anna" → anna lueden… mueller.
 */
export const nameTokens = (name: string): string[] =>
  name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[äöüß]/g, (char) => TRANSLITERATIONS[char] ?? char)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .sort();

/**
 * Spec section 5: a payout account proves it is the user's own when the sender name of the
 * transfer is the user's first and last name, in any order, case and spelling of umlauts.
 */
export const senderNameMatchesUser = (senderName: string, firstName: string, lastName: string): boolean => {
  const expected = nameTokens(`${firstName} ${lastName}`);
  const sender = nameTokens(senderName);
  if (expected.length === 0) return false;
  return expected.length === sender.length && expected.every((token, index) => token === sender[index]);
};

/** A 6-digit code from 6 random bytes' worth of entropy source (caller supplies the random integer). */
export const formatPayoutCode = (randomInteger: number): string =>
  String(randomInteger % 10 ** PAYOUT_CODE_LENGTH).padStart(PAYOUT_CODE_LENGTH, '0');

/** "100.00", "100,5", "100" → cents, never through a float (the operator command's --amount). */
export const parseEuroAmountToCents = (text: string): Cents => {
  const match = text.trim().match(/^(\d{1,15})(?:[.,](\d{1,2}))?$/);
  if (!match?.[1]) throw new RangeError(`Not a euro amount: ${text}`);
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? '0').padEnd(2, '0'));
};
