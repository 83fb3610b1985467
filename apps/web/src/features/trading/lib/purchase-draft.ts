import type { UserBonusView } from '@bw/contracts';
import { FIVE_K_LIMIT_CENTS, type PurchaseTotals, purchaseTotals } from '@bw/domain';

/**
 * The client-held purchase from the issuer (spec section 3, secondary-market draft: buyFromIssuer
 * with transactionFee, transactionTotalAmount, transactionTotalAmountWithBonus). Pure, so the live
 * totals on screen are the server's rules (`purchaseTotals` of `@bw/domain`) and tested as such.
 */

export type DraftAsset = {
  readonly pricePerShareCents: string;
  readonly availableShares: number;
  readonly minimumSubscriptionShares: number;
};

export type SharesProblem = 'belowMinimum' | 'aboveAvailable' | null;

/** Spec section 5: never more than available; at least the minimum, unless fewer are left. */
export const minimumSharesOf = (asset: DraftAsset): number =>
  Math.max(1, Math.min(asset.minimumSubscriptionShares, asset.availableShares));

export const sharesProblem = (shares: number, asset: DraftAsset): SharesProblem => {
  if (shares > asset.availableShares) return 'aboveAvailable';
  if (shares < minimumSharesOf(asset)) return 'belowMinimum';
  return null;
};

/** A bonus counts when the user chose it and the amount reaches its minimum investment. */
export const applicableBonusCents = (
  bonus: Pick<UserBonusView, 'amount' | 'minimumInvestment'> | null,
  useBonus: boolean,
  amountCents: bigint,
): bigint => (bonus && useBonus && amountCents >= BigInt(bonus.minimumInvestment) ? BigInt(bonus.amount) : 0n);

export const draftTotals = (
  shares: number,
  asset: DraftAsset,
  feeBps: number,
  bonus: Pick<UserBonusView, 'amount' | 'minimumInvestment'> | null,
  useBonus: boolean,
): PurchaseTotals => {
  const safeShares = Number.isSafeInteger(shares) && shares > 0 ? shares : 0;
  const price = BigInt(asset.pricePerShareCents);
  const gross = BigInt(safeShares) * price;
  return purchaseTotals(safeShares, price, feeBps, applicableBonusCents(bonus, useBonus, gross));
};

/** Spec section 5: purchases over EUR 5,000 need the confirmation (Accepted5KLimit). */
export const needsFiveKConfirmation = (totals: PurchaseTotals): boolean => totals.amountCents > FIVE_K_LIMIT_CENTS;

/** What the screen does with a refusal of a buy or sell (the trade rules' codes, ADR 0040, and the markets' own). */
export type RefusalAction =
  | 'fiveK'
  | 'appropriateness'
  | 'funds'
  | 'securityApp'
  | 'taxSettings'
  | 'verification'
  | 'message';

export const refusalAction = (code: string): RefusalAction => {
  switch (code) {
    case 'INVESTMENT_5K_CONFIRMATION_REQUIRED':
      return 'fiveK';
    case 'INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED':
      return 'appropriateness';
    case 'INVESTMENT_INSUFFICIENT_FUNDS':
    case 'OFFER_INSUFFICIENT_FUNDS':
      return 'funds';
    case 'SECURITY_APP_NOT_CONNECTED':
      return 'securityApp';
    case 'INVESTMENT_GERMAN_TAX_ID_REQUIRED':
    case 'INVESTMENT_CHURCH_TAX_ANSWER_REQUIRED':
    case 'INVESTMENT_AUSTRIAN_TAX_ID_REQUIRED':
      return 'taxSettings';
    case 'INVESTMENT_NOT_VERIFIED':
    case 'OFFER_USER_NOT_VERIFIED':
    case 'INVESTMENT_PERSONAL_DATA_REQUIRED':
      return 'verification';
    default:
      return 'message';
  }
};

/** Sensible first amount: the minimum subscription (or what is left). */
export const initialShares = (asset: DraftAsset): number => minimumSharesOf(asset);

const MAX_SHARES_INPUT_DIGITS = 7;

/** The shares field accepts digits only; anything else is ignored rather than turned into NaN. */
export const parseSharesInput = (raw: string): number => {
  const digits = raw.replace(/\D/g, '').slice(0, MAX_SHARES_INPUT_DIGITS);
  return digits === '' ? 0 : Number(digits);
};
