import type { AssetStage, SecurityType } from '../assets/enums.js';
import { type BasisPoints, type Cents, feeRoundedHalfUp, totalPrice } from '../money.js';
import { debitedCentsOfPurchase } from '../money-figures.js';

/**
 * What a purchase from the issuer asks beyond the trade rules every buy asks (`tradeRefusal` in
 * trading/trade-rules.ts, ADR 0040): the financing phase, the shares on offer, the minimum
 * subscription and the money in the payment account (spec sections 4 and 5, issue 9). Pure.
 */

export type PurchaseRefusal =
  | 'INVESTMENT_NOT_IN_FINANCING_PHASE'
  | 'INVESTMENT_SHARES_NOT_AVAILABLE'
  | 'INVESTMENT_BELOW_MINIMUM_SUBSCRIPTION'
  | 'INVESTMENT_INSUFFICIENT_FUNDS';

export type PurchaseFacts = {
  asset: {
    stage: AssetStage;
    availableShares: number;
    minimumSubscriptionShares: number;
    pricePerShareCents: Cents;
  };
  shares: number;
  feeBps: BasisPoints;
  bonusCents: Cents;
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

export const purchaseTotals = (
  shares: number,
  pricePerShareCents: Cents,
  feeBps: BasisPoints,
  bonusCents: Cents,
): PurchaseTotals => {
  const amountCents = totalPrice(shares, pricePerShareCents);
  const feeCents = feeRoundedHalfUp(amountCents, feeBps);
  const bonus = bonusCents > amountCents ? amountCents : bonusCents < 0n ? 0n : bonusCents;
  return {
    amountCents,
    feeCents,
    bonusCents: bonus,
    totalCents: debitedCentsOfPurchase({ amountCents, feeCents, bonusCents: bonus }),
  };
};

/**
 * The market checks of `POST /api/v1/assets/initInvestment/{id}` in the order issue 9 lists them,
 * asked after the trade rules; the first that fails is the answer.
 */
export const purchaseRefusal = (facts: PurchaseFacts): PurchaseRefusal | null => {
  if (facts.asset.stage !== 'primary') return 'INVESTMENT_NOT_IN_FINANCING_PHASE';
  if (facts.shares > facts.asset.availableShares) return 'INVESTMENT_SHARES_NOT_AVAILABLE';
  // The last shares of an asset may be bought even when fewer than the minimum are left.
  const minimum = Math.min(facts.asset.minimumSubscriptionShares, facts.asset.availableShares);
  if (facts.shares < minimum) return 'INVESTMENT_BELOW_MINIMUM_SUBSCRIPTION';
  const totals = purchaseTotals(facts.shares, facts.asset.pricePerShareCents, facts.feeBps, facts.bonusCents);
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
