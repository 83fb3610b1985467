import {
  assetDocuments,
  assetImages,
  assetRecords,
  assets,
  assetTemplates,
  type Db,
  notaryAppointments,
  primaryPurchases,
} from '@bw/db';
import type { AssetStage } from '@bw/domain';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';

export type AssetRow = typeof assets.$inferSelect;
export type TemplateRow = typeof assetTemplates.$inferSelect;

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

export const listAdminAssets = (db: Db, filter: { stage?: AssetStage; search?: string }): Promise<AssetRow[]> => {
  const conditions: (SQL | undefined)[] = [
    filter.stage ? eq(assets.stage, filter.stage) : undefined,
    filter.search
      ? or(
          ilike(assets.title, `%${escapeLike(filter.search)}%`),
          ilike(assets.id, `%${escapeLike(filter.search)}%`),
          ilike(assets.city, `%${escapeLike(filter.search)}%`),
        )
      : undefined,
  ];
  return db
    .select()
    .from(assets)
    .where(and(...conditions))
    .orderBy(desc(assets.updatedAt), asc(assets.id))
    .limit(500);
};

export const findAssetRow = async (db: Db, id: string): Promise<AssetRow | undefined> => {
  const [row] = await db.select().from(assets).where(eq(assets.id, id)).limit(1);
  return row;
};

/** The asset row locked for a change (lock order of ADR 0010: the asset row first). */
export const lockAssetRow = async (db: Db, id: string): Promise<AssetRow | undefined> => {
  const [row] = await db.select().from(assets).where(eq(assets.id, id)).for('update');
  return row;
};

export const updateAssetRow = async (
  db: Db,
  id: string,
  values: Partial<typeof assets.$inferInsert>,
): Promise<AssetRow> => {
  const [row] = await db
    .update(assets)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(assets.id, id))
    .returning();
  if (!row) throw new Error(`asset ${id} vanished`);
  return row;
};

export const assetFiles = async (db: Db, assetId: string) => {
  const [images, documents, records, notaryDates, sold] = await Promise.all([
    db
      .select({ id: assetImages.id, createdAt: assetImages.createdAt })
      .from(assetImages)
      .where(eq(assetImages.assetId, assetId))
      .orderBy(asc(assetImages.createdAt)),
    db
      .select({
        id: assetDocuments.id,
        kind: assetDocuments.kind,
        title: assetDocuments.title,
        fileName: assetDocuments.fileName,
        createdAt: assetDocuments.createdAt,
      })
      .from(assetDocuments)
      .where(eq(assetDocuments.assetId, assetId))
      .orderBy(asc(assetDocuments.sortOrder), asc(assetDocuments.createdAt)),
    db.select().from(assetRecords).where(eq(assetRecords.assetId, assetId)).orderBy(desc(assetRecords.recordedOn)),
    db
      .select()
      .from(notaryAppointments)
      .where(eq(notaryAppointments.assetId, assetId))
      .orderBy(asc(notaryAppointments.startsAt)),
    db
      .select({ shares: sql<string>`coalesce(sum(${primaryPurchases.shares}), 0)` })
      .from(primaryPurchases)
      .where(
        and(
          eq(primaryPurchases.assetId, assetId),
          inArray(primaryPurchases.status, ['settled', 'awaitingPayment', 'awaitingNotary', 'reserved']),
        ),
      ),
  ]);
  return { images, documents, records, notaryDates, soldShares: Number(sold[0]?.shares ?? 0) };
};

export const listTemplates = (db: Db): Promise<TemplateRow[]> =>
  db.select().from(assetTemplates).orderBy(asc(assetTemplates.kind), asc(assetTemplates.name));

export const findTemplate = async (db: Db, id: string): Promise<TemplateRow | undefined> => {
  const [row] = await db.select().from(assetTemplates).where(eq(assetTemplates.id, id)).limit(1);
  return row;
};
