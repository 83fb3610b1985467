import type { Db } from '@bw/db';
import { hold, voidHold } from '../../ledger/ledger.js';
import { AppError, isAppError } from '../../lib/app-error.js';
import type { OfferRow } from './bulletin-board.repo.js';

/**
 * The owner's reservation of an offer (ADR 0008): one hold for what nobody has taken yet. A sell
 * offer holds shares; a buy offer holds cash: the price of the remaining shares (public offers
 * only; in a private trade the buyer pays the seller directly) plus what is left of its fee.
 */
export type HoldAccount =
  | { kind: 'user_cash'; userId: string }
  | { kind: 'user_shares'; userId: string; assetId: string };

export const sharesAccount = (userId: string, assetId: string): HoldAccount => ({
  kind: 'user_shares',
  userId,
  assetId,
});
export const cashAccount = (userId: string): HoldAccount => ({ kind: 'user_cash', userId });

export const ownerAccount = (offer: OfferRow): HoldAccount =>
  offer.type === 'sell' ? sharesAccount(offer.firstPartyUserId, offer.assetId) : cashAccount(offer.firstPartyUserId);

/** Cash a buyer pays through the platform per share: the price when public, nothing when private. */
export const cashPerShareCents = (offer: Pick<OfferRow, 'visibility' | 'pricePerShareCents'>): bigint =>
  offer.visibility === 'bulletin' ? offer.pricePerShareCents : 0n;

/** What the owner's hold must cover for `sharesCount` shares and a fee reserve. */
export const ownerReserve = (offer: OfferRow, sharesCount: number, feeReserveCents: bigint): bigint =>
  offer.type === 'sell' ? BigInt(sharesCount) : BigInt(sharesCount) * cashPerShareCents(offer) + feeReserveCents;

/** Turns the ledger's "not enough" into the bulletin board's own message for that book. */
export const holdOrRefuse = async (
  tx: Db,
  input: { key: string; account: HoldAccount; amount: bigint },
): Promise<string | null> => {
  if (input.amount <= 0n) return null;
  try {
    return (await hold(tx, input)).holdId;
  } catch (error) {
    if (isAppError(error) && error.code === 'LEDGER_INSUFFICIENT_BALANCE') {
      throw new AppError(
        input.account.kind === 'user_cash' ? 'OFFER_INSUFFICIENT_FUNDS' : 'OFFER_SHARES_NOT_AVAILABLE',
      );
    }
    throw error;
  }
};

/**
 * Replaces the offer's hold by one of `amount` (void, then hold again, under the books' row
 * locks, so nothing else can take the freed amount in between). Returns the new hold columns.
 */
export const rehold = async (
  tx: Db,
  offer: OfferRow,
  amount: bigint,
): Promise<Pick<OfferRow, 'holdId' | 'holdSeq' | 'reservedAmount'>> => {
  if (offer.holdId && offer.reservedAmount > 0n) await voidHold(tx, offer.holdId);
  const holdSeq = offer.holdSeq + 1;
  const holdId = await holdOrRefuse(tx, {
    key: `bulletin-offer:${offer.id}:hold:${holdSeq}`,
    account: ownerAccount(offer),
    amount,
  });
  return { holdId, holdSeq, reservedAmount: holdId ? amount : 0n };
};
