import type { BulletinHoldings } from '@bw/contracts';
import { assets, bulletinOffers, bulletinTrades, type Db, ledgerAccounts } from '@bw/db';
import { type BoardFill, type BoardOffer, processUserView, viewOffersOfBoard } from '@bw/domain';
import { and, eq, inArray, or } from 'drizzle-orm';
import { cashBalances } from '../../../ledger/ledger.js';
import { assetTitles } from '../bulletin-board.repo.js';

/**
 * `GET /api/v1/bulletinboard/holdings`: what the create-sell-offer screen needs, by the processed
 * user view of spec section 4: per asset the shares owned (free and reserved) and availableShares
 * (shares less own open sell offers, less buy offers the user sells into), and the cash available.
 */
export const getHoldings = async (db: Db, userId: string, assetId?: string): Promise<BulletinHoldings> => {
  const books = await db
    .select({ assetId: ledgerAccounts.assetId, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        inArray(ledgerAccounts.kind, ['user_shares', 'user_shares_held']),
        assetId ? eq(ledgerAccounts.assetId, assetId) : undefined,
      ),
    );
  const owned = new Map<string, number>();
  for (const book of books) {
    if (book.assetId) owned.set(book.assetId, (owned.get(book.assetId) ?? 0) + Number(book.balance));
  }
  const ids = [...owned.keys()];
  const [stages, titles, offers, fills, cash] = await Promise.all([
    ids.length === 0
      ? Promise.resolve([])
      : db.select({ id: assets.id, stage: assets.stage }).from(assets).where(inArray(assets.id, ids)),
    assetTitles(db, ids),
    db.select().from(bulletinOffers).where(eq(bulletinOffers.firstPartyUserId, userId)),
    db
      .select()
      .from(bulletinTrades)
      .where(or(eq(bulletinTrades.buyerUserId, userId), eq(bulletinTrades.sellerUserId, userId))),
    cashBalances(db, userId),
  ]);
  const ownIds = new Set(offers.map((offer) => offer.id));
  const otherIds = [...new Set(fills.map((fill) => fill.offerId))].filter((id) => !ownIds.has(id));
  const fillOffers =
    otherIds.length === 0 ? [] : await db.select().from(bulletinOffers).where(inArray(bulletinOffers.id, otherIds));
  const boardOffers: BoardOffer[] = [...offers, ...fillOffers].map((offer) => ({
    offerId: offer.id,
    assetId: offer.assetId,
    type: offer.type,
    status: offer.status,
    firstPartyUserId: offer.firstPartyUserId,
    sharesOffered: offer.sharesOffered,
    sharesSettled: offer.sharesSettled,
  }));
  const boardFills: BoardFill[] = fills.map((fill) => ({
    offerId: fill.offerId,
    secondPartyUserId: fill.secondPartyUserId,
    sharesCount: fill.sharesCount,
    status: fill.status,
  }));
  const view = processUserView({
    userId,
    accountAmountCents: cash.availableCents,
    assets: stages.map((row) => ({ assetId: row.id, stage: row.stage, sharesCount: owned.get(row.id) ?? 0 })),
    offers: viewOffersOfBoard(boardOffers, boardFills),
    transactions: [],
  });
  return {
    availableAmount: view.account.availableAmountCents.toString(),
    assets: view.assets.map((asset) => ({
      assetId: asset.assetId,
      assetName: titles.get(asset.assetId) ?? asset.assetId,
      sharesCount: asset.sharesCount,
      availableShares: asset.availableShares,
    })),
  };
};
