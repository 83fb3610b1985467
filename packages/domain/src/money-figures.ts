import type { Cents } from './money.js';
import { sellerProceedsCents } from './trading/fees.js';

/**
 * One definition per money figure an investor reads (issue 34): the amount a purchase debited, the
 * proceeds of a sale, what a listed transaction did to the balance and the balance a list adds up
 * to. The API, the web app, e-mail and inbox texts, PDFs and the back office take these figures
 * from here, so a purchase shows one amount on every screen. Pure; amounts in cents.
 */

export type PurchaseParts = { readonly amountCents: Cents; readonly feeCents: Cents; readonly bonusCents: Cents };
export type SaleParts = { readonly amountCents: Cents; readonly feeCents: Cents };

/** What a purchase took from the payment account: price × shares + fee − bonus. */
export const debitedCentsOfPurchase = (purchase: PurchaseParts): Cents =>
  purchase.amountCents + purchase.feeCents - purchase.bonusCents;

/** What a sale brought into the payment account: price × shares − the seller's fee. */
export const proceedsCentsOfSale = (sale: SaleParts): Cents => sellerProceedsCents(sale.amountCents, sale.feeCents);

export type BalanceMovementType = 'buy' | 'sell' | 'charge' | 'payout' | 'rent' | 'bonus' | 'financing';

/** Money in: pay-ins, sales, distributions and bonuses. Buys, financings and payouts take money out. */
export const isIncomingMovement = (type: BalanceMovementType): boolean =>
  type === 'charge' || type === 'sell' || type === 'rent' || type === 'bonus';

/**
 * The amount a transaction line shows, always positive; its direction is its type. A purchase
 * (buy, financing) shows what it debited, a sale what it brought in, a distribution what reached
 * the account (its tax lines explain the gross), a pay-in or payout its amount.
 */
export const shownCentsOfMovement = (movement: PurchaseParts & { readonly type: BalanceMovementType }): Cents => {
  switch (movement.type) {
    case 'buy':
    case 'financing':
      return debitedCentsOfPurchase(movement);
    case 'sell':
      return proceedsCentsOfSale(movement);
    default:
      return movement.amountCents;
  }
};

/** What the transaction did to the balance: its shown amount, signed by direction. */
export const balanceEffectCents = (movement: PurchaseParts & { readonly type: BalanceMovementType }): Cents => {
  const shown = shownCentsOfMovement(movement);
  return isIncomingMovement(movement.type) ? shown : -shown;
};

/**
 * Whether a listed transaction has changed the balance the account shows: every completed one, and
 * a payout on its way (its money is held and no longer in the balance). A pending or reserved buy
 * is added back to the displayed balance (spec section 4), so it has not changed it yet.
 */
export const changedBalance = (movement: { readonly type: BalanceMovementType; readonly status: string }): boolean =>
  movement.status === 'success' ||
  (movement.type === 'payout' && (movement.status === 'pending' || movement.status === 'charged'));

/** The balance a list of transactions adds up to: the sum of the effects of those that changed it. */
export const balanceOfMovements = (
  movements: readonly (PurchaseParts & { readonly type: BalanceMovementType; readonly status: string })[],
): Cents => movements.filter(changedBalance).reduce((sum, movement) => sum + balanceEffectCents(movement), 0n);

/**
 * The last price of a share: the last trade's price, before the first trade the issue price. The
 * one price the investments tiles, the portfolio chart and the market value use (issue 34).
 */
export const lastPriceCents = (lastTradeCents: Cents | null | undefined, issuePriceCents: Cents): Cents =>
  lastTradeCents ?? issuePriceCents;

/** The market value of a holding: its shares at the last price. */
export const marketValueCents = (shares: bigint | number, lastPrice: Cents): Cents => BigInt(shares) * lastPrice;
