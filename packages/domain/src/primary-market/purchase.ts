import type { AssetStage, SecurityType } from '../assets/enums.js';
import { type BasisPoints, type Cents, feeRoundedHalfUp, totalPrice } from '../money.js';

/**
 * The rules of a purchase from the issuer (spec sections 4 and 5, issue 9). Pure: the API loads
 * the facts, these functions decide, in the order the spec gives.
 */

/** Spec section 3, "Accepted warnings". */
export const acceptedWarnings = ['Accepted5KLimit', 'Accepted20PercentDifference'] as const;
export type AcceptedWarning = (typeof acceptedWarnings)[number];

/** Purchases over EUR 5,000 need `Accepted5KLimit` (spec sections 5 and 9). */
export const FIVE_K_LIMIT_CENTS: Cents = 500_000n;

/** Spec enumeration "Knowledge-and-experience rating". */
export type AppropriatenessRating = 'NotProvided' | 'NoInformation' | 'Appropriate' | 'NotAppropriate';

export type PurchaseRefusal =
  | 'INVESTMENT_NOT_VERIFIED'
  | 'INVESTMENT_NOT_IN_FINANCING_PHASE'
  | 'INVESTMENT_SHARES_NOT_AVAILABLE'
  | 'INVESTMENT_BELOW_MINIMUM_SUBSCRIPTION'
  | 'INVESTMENT_GERMAN_TAX_ID_REQUIRED'
  | 'INVESTMENT_CHURCH_TAX_ANSWER_REQUIRED'
  | 'INVESTMENT_AUSTRIAN_TAX_ID_REQUIRED'
  | 'INVESTMENT_5K_CONFIRMATION_REQUIRED'
  | 'INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED'
  | 'INVESTMENT_INSUFFICIENT_FUNDS';

export type PurchaseFacts = {
  userStatus: string;
  asset: {
    stage: AssetStage;
    availableShares: number;
    minimumSubscriptionShares: number;
    pricePerShareCents: Cents;
    securityType: SecurityType;
    /** Where the object is: a German product is one located in Germany. */
    countryCode: string;
    /** The issuer's (SPV's) country. */
    issuerCountryCode: string;
  };
  user: {
    domicile: string | null;
    /** Countries the user has a tax ID for (ISO alpha-2). */
    taxIdCountries: readonly string[];
    hasChurchTaxAnswer: boolean;
  };
  shares: number;
  feeBps: BasisPoints;
  bonusCents: Cents;
  acceptedWarnings: readonly string[];
  appropriateness: AppropriatenessRating;
  acknowledgedAppropriateness: boolean;
  availableCashCents: Cents;
  /** Builder-owner purchases are paid by bank wire, not from the payment account. */
  paidByBankWire: boolean;
};

export type PurchaseTotals = {
  amountCents: Cents;
  feeCents: Cents;
  /** The bonus used, never more than the amount. */
  bonusCents: Cents;
  /** What the investor pays: amount plus fee less bonus. */
  totalCents: Cents;
};

/** Only `verified` and `active` users invest (spec sections 4 and 6). */
export const INVESTING_USER_STATUSES: ReadonlySet<string> = new Set(['verified', 'active']);

export const purchaseTotals = (
  shares: number,
  pricePerShareCents: Cents,
  feeBps: BasisPoints,
  bonusCents: Cents,
): PurchaseTotals => {
  const amountCents = totalPrice(shares, pricePerShareCents);
  const feeCents = feeRoundedHalfUp(amountCents, feeBps);
  const bonus = bonusCents > amountCents ? amountCents : bonusCents < 0n ? 0n : bonusCents;
  return { amountCents, feeCents, bonusCents: bonus, totalCents: amountCents + feeCents - bonus };
};

/**
 * Spec section 5, tax requirements:
 * - a German product (the object is in Germany) needs a German tax ID and the church-tax answer;
 * - an Austrian participation-right-equity asset whose issuer is in Austria needs an Austrian tax ID;
 * - a buy where the issuer and the user's domicile are both in Germany needs a German tax ID.
 */
export const taxRefusal = (facts: Pick<PurchaseFacts, 'asset' | 'user'>): PurchaseRefusal | null => {
  const { asset, user } = facts;
  const hasTaxId = (country: string) => user.taxIdCountries.includes(country);
  if (asset.countryCode === 'DE') {
    if (!hasTaxId('DE')) return 'INVESTMENT_GERMAN_TAX_ID_REQUIRED';
    if (!user.hasChurchTaxAnswer) return 'INVESTMENT_CHURCH_TAX_ANSWER_REQUIRED';
  }
  if (
    asset.countryCode === 'AT' &&
    asset.securityType === 'participationRightEquity' &&
    asset.issuerCountryCode === 'AT' &&
    !hasTaxId('AT')
  )
    return 'INVESTMENT_AUSTRIAN_TAX_ID_REQUIRED';
  if (asset.issuerCountryCode === 'DE' && user.domicile === 'DE' && !hasTaxId('DE'))
    return 'INVESTMENT_GERMAN_TAX_ID_REQUIRED';
  return null;
};

/**
 * The two confirmations every buy needs, from the issuer or from another investor (spec section 5,
 * issue 25): a buy over EUR 5,000 needs `Accepted5KLimit`, and a buyer whose knowledge and
 * experience do not make the product appropriate must have continued past the warning.
 */
export const buyerConfirmationRefusal = (input: {
  amountCents: Cents;
  acceptedWarnings: readonly string[];
  appropriateness: AppropriatenessRating;
  acknowledgedAppropriateness: boolean;
}): 'INVESTMENT_5K_CONFIRMATION_REQUIRED' | 'INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED' | null => {
  if (input.amountCents > FIVE_K_LIMIT_CENTS && !input.acceptedWarnings.includes('Accepted5KLimit'))
    return 'INVESTMENT_5K_CONFIRMATION_REQUIRED';
  if (input.appropriateness !== 'Appropriate' && !input.acknowledgedAppropriateness)
    return 'INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED';
  return null;
};

/**
 * The checks of `POST /api/v1/assets/initInvestment/{id}` in the order issue 9 lists them; the
 * first that fails is the answer.
 */
export const purchaseRefusal = (facts: PurchaseFacts): PurchaseRefusal | null => {
  if (!INVESTING_USER_STATUSES.has(facts.userStatus)) return 'INVESTMENT_NOT_VERIFIED';
  if (facts.asset.stage !== 'primary') return 'INVESTMENT_NOT_IN_FINANCING_PHASE';
  if (facts.shares > facts.asset.availableShares) return 'INVESTMENT_SHARES_NOT_AVAILABLE';
  // The last shares of an asset may be bought even when fewer than the minimum are left.
  const minimum = Math.min(facts.asset.minimumSubscriptionShares, facts.asset.availableShares);
  if (facts.shares < minimum) return 'INVESTMENT_BELOW_MINIMUM_SUBSCRIPTION';
  const tax = taxRefusal(facts);
  if (tax) return tax;
  const totals = purchaseTotals(facts.shares, facts.asset.pricePerShareCents, facts.feeBps, facts.bonusCents);
  const confirmation = buyerConfirmationRefusal({ ...facts, amountCents: totals.amountCents });
  if (confirmation) return confirmation;
  if (!facts.paidByBankWire && totals.totalCents > facts.availableCashCents) return 'INVESTMENT_INSUFFICIENT_FUNDS';
  return null;
};

/** The builder-owner model is paid by bank wire and needs a notary appointment (spec section 2). */
export const isBuilderOwner = (securityType: SecurityType): boolean =>
  securityType === 'participationRightEquityBuilderOwner';

/**
 * The card state of an open purchase on the investments screen (spec section 3, client-side
 * transaction statuses; section 4, transaction list states).
 */
export type PurchaseCardState = 'signatureMissing' | 'paymentMissing' | 'notaryMissing' | 'completed' | 'canceled';
