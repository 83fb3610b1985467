import type { LedgerAccountKind } from '@bw/db';

/** A ledger book by its owner; the database row is created on first use. */
export type AccountRef =
  | { kind: 'user_cash' | 'user_cash_held'; userId: string }
  | { kind: 'user_shares' | 'user_shares_held'; userId: string; assetId: string }
  | { kind: 'psp_clearing' | 'platform_fees' | 'bonuses' | 'corrections' }
  | { kind: 'issuer_cash' | 'issuer_shares'; assetId: string }
  /** Income an asset received, waiting for its distribution (issue 22). */
  | { kind: 'asset_income'; assetId: string }
  /** Tax withheld from distributions, owed to the tax office, one book per tax type (ADR 0030). */
  | { kind: 'tax_liability'; taxType: string }
  /** Shares of an asset placed outside the platform (ADR 0022): holders the platform does not keep books for. */
  | { kind: 'outside_holders'; assetId: string };

export const EUR = 'EUR';

export const accountKeyOf = (ref: AccountRef): string => {
  switch (ref.kind) {
    case 'user_cash':
    case 'user_cash_held':
      return `${ref.kind}:${ref.userId}`;
    case 'user_shares':
    case 'user_shares_held':
      return `${ref.kind}:${ref.userId}:${ref.assetId}`;
    case 'psp_clearing':
    case 'platform_fees':
    case 'bonuses':
    case 'corrections':
      return ref.kind;
    case 'issuer_cash':
    case 'issuer_shares':
    case 'asset_income':
    case 'outside_holders':
      return `${ref.kind}:${ref.assetId}`;
    case 'tax_liability':
      return `${ref.kind}:${ref.taxType}`;
  }
};

/** Cash books count euro cents; share books count the shares of their asset. */
export const unitOf = (ref: AccountRef): string => {
  switch (ref.kind) {
    case 'user_shares':
    case 'user_shares_held':
    case 'issuer_shares':
    case 'outside_holders':
      return ref.assetId;
    default:
      return EUR;
  }
};

/**
 * Only mirrors of outside parties may go below zero: money the provider owes us, an issuer's
 * issued shares, the bonuses the operator has paid out of its own marketing budget, and the
 * operator's corrections book (compensating postings paid from or to the operator's own funds).
 */
export const mayGoNegative = (ref: AccountRef): boolean =>
  ref.kind === 'psp_clearing' || ref.kind === 'issuer_shares' || ref.kind === 'bonuses' || ref.kind === 'corrections';

/**
 * House books (everything that is not a user's) keep their balance in counter rows, so that
 * postings do not queue on them (ADR 0017); a user's book is one row with its own floor.
 */
export const isHouseBook = (ref: AccountRef): boolean => !ref.kind.startsWith('user_');

export const heldAccountOf = (ref: AccountRef): AccountRef => {
  if (ref.kind === 'user_cash') return { kind: 'user_cash_held', userId: ref.userId };
  if (ref.kind === 'user_shares') return { kind: 'user_shares_held', userId: ref.userId, assetId: ref.assetId };
  throw new Error(`Only user cash and user shares can be held, not ${ref.kind}`);
};

export const accountRow = (ref: AccountRef) => ({
  accountKey: accountKeyOf(ref),
  kind: ref.kind satisfies LedgerAccountKind,
  userId: 'userId' in ref ? ref.userId : null,
  assetId: 'assetId' in ref ? ref.assetId : null,
  unit: unitOf(ref),
  mayGoNegative: mayGoNegative(ref),
  sharded: isHouseBook(ref),
});
