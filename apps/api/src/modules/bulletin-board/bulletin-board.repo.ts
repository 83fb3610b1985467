import {
  assetPricePoints,
  assets,
  bulletinOffers,
  bulletinTrades,
  type Db,
  partners,
  signingRequests,
  users,
} from '@bw/db';
import { type PriceTrade, VWAP_WINDOW_DAYS, vwap30Days } from '@bw/domain';
import { and, asc, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';

/** SQL of the bulletin board only (ADR 0008); every function takes the caller's transaction. */
export type OfferRow = typeof bulletinOffers.$inferSelect;
export type TradeRow = typeof bulletinTrades.$inferSelect;
export type OfferStatus = OfferRow['status'];

/** Statuses in which an offer still binds what is not yet taken (spec section 4). */
export const LIVE_OFFER_STATUSES = ['new', 'open', 'accepted'] as const satisfies readonly OfferStatus[];

const MS_PER_DAY = 86_400_000;

export type TraderRow = {
  id: string;
  email: string;
  status: 'new' | 'verified' | 'pending' | 'active' | 'deactivated';
  userType: 'user' | 'privateUser';
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  transactionFeeBps: number;
  brokerageFeeBps: number;
};

/** A user with the fee rates of the partner the account belongs to (spec section 9: default 0). */
export const findTrader = async (tx: Db, userId: string): Promise<TraderRow | undefined> => {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      status: users.status,
      userType: users.userType,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      transactionFeeBps: partners.transactionFeeBps,
      brokerageFeeBps: partners.brokerageFeeBps,
    })
    .from(users)
    .innerJoin(partners, eq(partners.partnerId, users.partnerId))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  return { ...row, transactionFeeBps: row.transactionFeeBps ?? 0, brokerageFeeBps: row.brokerageFeeBps ?? 0 };
};

export const findTraders = async (tx: Db, userIds: string[]): Promise<Map<string, TraderRow>> => {
  const unique = [...new Set(userIds)];
  const rows = await Promise.all(unique.map((id) => findTrader(tx, id)));
  return new Map(rows.filter((row): row is TraderRow => !!row).map((row) => [row.id, row]));
};

export const findAsset = async (tx: Db, assetId: string) =>
  (
    await tx
      .select({ id: assets.id, title: assets.title, stage: assets.stage })
      .from(assets)
      .where(eq(assets.id, assetId))
  )[0];

export const assetTitles = async (tx: Db, assetIds: string[]): Promise<Map<string, string>> => {
  if (assetIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: assets.id, title: assets.title })
    .from(assets)
    .where(inArray(assets.id, [...new Set(assetIds)]));
  return new Map(rows.map((row) => [row.id, row.title]));
};

/** The 30-day volume-weighted average price (spec section 5), null without trades. */
export const averagePrice30Days = async (tx: Db, assetId: string, nowMs: number): Promise<bigint | null> => {
  const rows = await tx
    .select({
      tradedAt: assetPricePoints.tradedAt,
      pricePerShareCents: assetPricePoints.pricePerShareCents,
      sharesCount: assetPricePoints.sharesCount,
    })
    .from(assetPricePoints)
    .where(
      and(
        eq(assetPricePoints.assetId, assetId),
        gte(assetPricePoints.tradedAt, new Date(nowMs - VWAP_WINDOW_DAYS * MS_PER_DAY)),
      ),
    );
  const trades: PriceTrade[] = rows.map((row) => ({
    tradedAtMs: row.tradedAt.getTime(),
    pricePerShareCents: row.pricePerShareCents,
    sharesCount: row.sharesCount,
  }));
  return vwap30Days(trades, nowMs);
};

export const insertPricePoint = async (
  tx: Db,
  point: { assetId: string; tradedAt: Date; pricePerShareCents: bigint; sharesCount: number },
): Promise<void> => {
  await tx.insert(assetPricePoints).values(point);
};

export const insertOffer = async (tx: Db, values: typeof bulletinOffers.$inferInsert): Promise<OfferRow> => {
  const [row] = await tx.insert(bulletinOffers).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
};

export const findOffer = async (tx: Db, offerId: string): Promise<OfferRow | undefined> =>
  (await tx.select().from(bulletinOffers).where(eq(bulletinOffers.id, offerId)))[0];

/** Locks the offer row: every fill, deletion and cancellation of one offer runs one at a time. */
export const lockOffer = async (tx: Db, offerId: string): Promise<OfferRow | undefined> =>
  (await tx.select().from(bulletinOffers).where(eq(bulletinOffers.id, offerId)).for('update'))[0];

export const updateOffer = async (tx: Db, offerId: string, values: Partial<OfferRow>): Promise<OfferRow> => {
  const [row] = await tx
    .update(bulletinOffers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bulletinOffers.id, offerId))
    .returning();
  if (!row) throw new Error('offer vanished');
  return row;
};

export const insertTrade = async (tx: Db, values: typeof bulletinTrades.$inferInsert): Promise<TradeRow> => {
  const [row] = await tx.insert(bulletinTrades).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
};

export const lockTrade = async (tx: Db, tradeId: string): Promise<TradeRow | undefined> =>
  (await tx.select().from(bulletinTrades).where(eq(bulletinTrades.id, tradeId)).for('update'))[0];

export const updateTrade = async (tx: Db, tradeId: string, values: Partial<TradeRow>): Promise<TradeRow> => {
  const [row] = await tx
    .update(bulletinTrades)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bulletinTrades.id, tradeId))
    .returning();
  if (!row) throw new Error('trade vanished');
  return row;
};

export const findOfferBySigningRequest = async (tx: Db, requestId: string): Promise<OfferRow | undefined> =>
  (await tx.select().from(bulletinOffers).where(eq(bulletinOffers.signingRequestId, requestId)).for('update'))[0];

export const findTradeBySigningRequest = async (tx: Db, requestId: string): Promise<TradeRow | undefined> =>
  (
    await tx
      .select()
      .from(bulletinTrades)
      .where(
        or(
          eq(bulletinTrades.firstPartySigningRequestId, requestId),
          eq(bulletinTrades.secondPartySigningRequestId, requestId),
        ),
      )
  )[0];

export const countPendingTrades = async (tx: Db, offerId: string): Promise<number> =>
  (
    await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(bulletinTrades)
      .where(and(eq(bulletinTrades.offerId, offerId), eq(bulletinTrades.status, 'pending')))
  )[0]?.n ?? 0;

export const listTradesOfOffers = async (tx: Db, offerIds: string[]): Promise<TradeRow[]> =>
  offerIds.length === 0
    ? []
    : tx
        .select()
        .from(bulletinTrades)
        .where(inArray(bulletinTrades.offerId, offerIds))
        .orderBy(asc(bulletinTrades.createdAt));

/** Offers anyone may take: open ones with shares left, of the given visibilities. */
export const listOpenOffers = (
  tx: Db,
  filter: { assetId?: string; type?: 'buy' | 'sell'; visibilities: readonly ('bulletin' | 'private')[]; limit: number },
): Promise<OfferRow[]> =>
  tx
    .select()
    .from(bulletinOffers)
    .where(
      and(
        eq(bulletinOffers.status, 'open'),
        sql`${bulletinOffers.sharesRemaining} > 0`,
        inArray(bulletinOffers.visibility, [...filter.visibilities]),
        filter.assetId ? eq(bulletinOffers.assetId, filter.assetId) : undefined,
        filter.type ? eq(bulletinOffers.type, filter.type) : undefined,
      ),
    )
    .orderBy(asc(bulletinOffers.pricePerShareCents), asc(bulletinOffers.createdAt))
    .limit(filter.limit);

/** The caller's own offers and the offers the caller took part of, newest first. */
export const listMyOffers = (
  tx: Db,
  userId: string,
  filter: { assetId?: string; type?: 'buy' | 'sell'; limit: number },
): Promise<OfferRow[]> =>
  tx
    .select()
    .from(bulletinOffers)
    .where(
      and(
        or(
          eq(bulletinOffers.firstPartyUserId, userId),
          sql`EXISTS (SELECT 1 FROM ${bulletinTrades} WHERE ${bulletinTrades.offerId} = ${bulletinOffers.id} AND ${bulletinTrades.secondPartyUserId} = ${userId})`,
        ),
        filter.assetId ? eq(bulletinOffers.assetId, filter.assetId) : undefined,
        filter.type ? eq(bulletinOffers.type, filter.type) : undefined,
      ),
    )
    .orderBy(desc(bulletinOffers.createdAt))
    .limit(filter.limit);

export const signingRequestStates = async (
  tx: Db,
  ids: (string | null)[],
): Promise<Map<string, { status: 'pending' | 'signed' | 'rejected' | 'expired'; expiresAt: Date }>> => {
  const wanted = ids.filter((id): id is string => !!id);
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: signingRequests.id, status: signingRequests.status, expiresAt: signingRequests.expiresAt })
    .from(signingRequests)
    .where(inArray(signingRequests.id, wanted));
  return new Map(rows.map((row) => [row.id, { status: row.status, expiresAt: row.expiresAt }]));
};

/**
 * The asset's secondary-market figures (spec section 3, Asset store additions): shares on offer
 * in open sell offers and the lowest price among them. Kept on the asset row for the marketplace.
 */
export const refreshMarketFigures = async (tx: Db, assetId: string): Promise<void> => {
  await tx.execute(sql`
    UPDATE assets SET
      available_bricks_secondary = COALESCE((
        SELECT sum(shares_remaining)::int FROM bulletin_offers
        WHERE asset_id = ${assetId} AND type = 'sell' AND status = 'open' AND shares_remaining > 0), 0),
      lowest_offer_price_cents = (
        SELECT min(price_per_share_cents) FROM bulletin_offers
        WHERE asset_id = ${assetId} AND type = 'sell' AND status = 'open' AND shares_remaining > 0),
      updated_at = now()
    WHERE id = ${assetId}`);
};
