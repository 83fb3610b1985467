import {
  assetDocuments,
  assetEnergyProduction,
  assetLikes,
  assetMarketingConsents,
  assetPricePoints,
  assetRecords,
  assets,
  type Db,
} from '@bw/db';
import { listedAssetStages } from '@bw/domain';
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';

export type AssetRow = typeof assets.$inferSelect;
export type AssetWithLikes = { asset: AssetRow; likes: number };

const likeCounts = (db: Db) =>
  db
    .select({ assetId: assetLikes.assetId, likes: count().as('likes') })
    .from(assetLikes)
    .groupBy(assetLikes.assetId)
    .as('like_counts');

/** Every listed asset with its like count: the whole marketplace in one query. */
export const listListedAssets = async (db: Db): Promise<AssetWithLikes[]> => {
  const counts = likeCounts(db);
  const rows = await db
    .select({ asset: assets, likes: counts.likes })
    .from(assets)
    .leftJoin(counts, eq(counts.assetId, assets.id))
    .where(inArray(assets.stage, [...listedAssetStages]));
  return rows.map((row) => ({ asset: row.asset, likes: Number(row.likes ?? 0) }));
};

/** A listed asset (stage primary or secondary); others do not exist for the public. */
export const findListedAsset = async (db: Db, id: string): Promise<AssetRow | undefined> =>
  (
    await db
      .select()
      .from(assets)
      .where(and(eq(assets.id, id), inArray(assets.stage, [...listedAssetStages])))
      .limit(1)
  )[0];

export const findListedAssets = (db: Db, ids: string[]): Promise<AssetRow[]> =>
  db
    .select()
    .from(assets)
    .where(and(inArray(assets.id, ids), inArray(assets.stage, [...listedAssetStages])));

export const countLikes = async (db: Db, assetId: string): Promise<number> =>
  (await db.select({ n: count() }).from(assetLikes).where(eq(assetLikes.assetId, assetId)))[0]?.n ?? 0;

export const likedAssetIds = async (db: Db, userId: string): Promise<Set<string>> =>
  new Set(
    (await db.select({ assetId: assetLikes.assetId }).from(assetLikes).where(eq(assetLikes.userId, userId))).map(
      (row) => row.assetId,
    ),
  );

/** Returns whether a row was added (false: the user had already liked it). */
export const insertLike = async (db: Db, userId: string, assetId: string): Promise<boolean> =>
  (
    await db
      .insert(assetLikes)
      .values({ userId, assetId })
      .onConflictDoNothing()
      .returning({ assetId: assetLikes.assetId })
  ).length > 0;

/** Returns whether a row was removed. */
export const deleteLike = async (db: Db, userId: string, assetId: string): Promise<boolean> =>
  (
    await db
      .delete(assetLikes)
      .where(and(eq(assetLikes.userId, userId), eq(assetLikes.assetId, assetId)))
      .returning({ assetId: assetLikes.assetId })
  ).length > 0;

export const listRecords = (db: Db, assetId: string) =>
  db
    .select()
    .from(assetRecords)
    .where(eq(assetRecords.assetId, assetId))
    .orderBy(desc(assetRecords.recordedOn), asc(assetRecords.id));

/** Document metadata without the file content. */
export const listDocuments = (db: Db, assetId: string) =>
  db
    .select({
      id: assetDocuments.id,
      kind: assetDocuments.kind,
      title: assetDocuments.title,
      fileName: assetDocuments.fileName,
    })
    .from(assetDocuments)
    .where(eq(assetDocuments.assetId, assetId))
    .orderBy(asc(assetDocuments.sortOrder), asc(assetDocuments.id));

export const findDocument = async (db: Db, assetId: string, documentId: string) =>
  (
    await db
      .select()
      .from(assetDocuments)
      .where(and(eq(assetDocuments.assetId, assetId), eq(assetDocuments.id, documentId)))
      .limit(1)
  )[0];

export const listPricePoints = (db: Db, assetId: string, since: Date) =>
  db
    .select({
      tradedAt: assetPricePoints.tradedAt,
      pricePerShareCents: assetPricePoints.pricePerShareCents,
      sharesCount: assetPricePoints.sharesCount,
    })
    .from(assetPricePoints)
    .where(and(eq(assetPricePoints.assetId, assetId), gte(assetPricePoints.tradedAt, since)))
    .orderBy(asc(assetPricePoints.tradedAt), asc(assetPricePoints.id));

export const findLastPricePoint = async (db: Db, assetId: string) =>
  (
    await db
      .select({ pricePerShareCents: assetPricePoints.pricePerShareCents })
      .from(assetPricePoints)
      .where(eq(assetPricePoints.assetId, assetId))
      .orderBy(desc(assetPricePoints.tradedAt), desc(assetPricePoints.id))
      .limit(1)
  )[0];

export const listProduction = (db: Db, assetId: string, sinceDay: string) =>
  db
    .select({ date: assetEnergyProduction.producedOn, kwh: assetEnergyProduction.producedKwh })
    .from(assetEnergyProduction)
    .where(and(eq(assetEnergyProduction.assetId, assetId), gte(assetEnergyProduction.producedOn, sinceDay)))
    .orderBy(asc(assetEnergyProduction.producedOn));

export const findMarketingConsent = async (db: Db, userId: string, assetId: string) =>
  (
    await db
      .select()
      .from(assetMarketingConsents)
      .where(and(eq(assetMarketingConsents.userId, userId), eq(assetMarketingConsents.assetId, assetId)))
      .limit(1)
  )[0];

export const upsertMarketingConsent = async (
  db: Db,
  row: { userId: string; assetId: string; marketingConsent: boolean; marketingTypes: string[] },
): Promise<void> => {
  await db
    .insert(assetMarketingConsents)
    .values(row)
    .onConflictDoUpdate({
      target: [assetMarketingConsents.userId, assetMarketingConsents.assetId],
      set: { marketingConsent: row.marketingConsent, marketingTypes: row.marketingTypes, updatedAt: sql`now()` },
    });
};
