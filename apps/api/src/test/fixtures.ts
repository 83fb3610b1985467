import {
  assetDocuments,
  assetEnergyProduction,
  assetPricePoints,
  assetRecords,
  assets,
  bonusCodes,
  type Db,
  notaryAppointments,
  partners,
} from '@bw/db';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { type AssetSeed, assetCatalogue } from '../seed/content/assets-catalogue.js';
import { assetDocumentSeeds, assetRecordSeeds } from '../seed/content/assets-content.js';
import { priceHistory, productionHistory } from '../seed/content/assets-history.js';
import { partnerSeeds } from '../seed/content/partners.js';
import { appointmentTimes, DAY_MS, demoBonusCodes, NOTARY_SEATS } from '../seed/content/primary-market.js';

/** Rows per multi-row INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const ASSET_ROWS_PER_INSERT = 200;
const HISTORY_ROWS_PER_INSERT = 2_000;

const chunks = <T>(rows: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
};

/**
 * Seeds the demo catalogue with records, documents, price and production history. Idempotent:
 * only assets not yet present are inserted, together with their history, in one transaction.
 */
export const seedAssets = async (db: Db, now: Date = new Date()): Promise<string[]> => {
  const catalogue = assetCatalogue(now);
  const present = await db
    .select({ id: assets.id })
    .from(assets)
    .where(
      inArray(
        assets.id,
        catalogue.map((a) => a.id),
      ),
    );
  const presentIds = new Set(present.map((row) => row.id));
  const missing = catalogue.filter((asset) => !presentIds.has(asset.id));
  if (missing.length === 0) return [];
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(assets).values(missing).onConflictDoNothing().returning({ id: assets.id });
    const insertedIds = new Set(inserted.map((row) => row.id));
    const fresh = missing.filter((asset) => insertedIds.has(asset.id));
    if (fresh.length === 0) return [];
    await tx.insert(assetRecords).values(fresh.flatMap((asset) => assetRecordSeeds(asset, now)));
    await tx.insert(assetDocuments).values(fresh.flatMap((asset) => assetDocumentSeeds(asset, now)));
    for (const rows of chunks(
      fresh.flatMap((asset) => priceHistory(asset, now)),
      HISTORY_ROWS_PER_INSERT,
    )) {
      await tx.insert(assetPricePoints).values(rows);
    }
    for (const rows of chunks(
      fresh.flatMap((asset) => productionHistory(asset, now)),
      HISTORY_ROWS_PER_INSERT,
    )) {
      await tx.insert(assetEnergyProduction).values(rows);
    }
    return fresh.map((asset) => asset.id);
  });
};

/**
 * Listed copies of the demo catalogue until the catalogue has `totalCount` assets: load tests
 * (`npm run bench:api`) and list tests. Copies carry no history; ids end in `-copy-<n>`.
 */
export const seedAssetCopies = async (db: Db, totalCount: number, now: Date = new Date()): Promise<number> => {
  const listed = assetCatalogue(now).filter((a) => a.stage === 'primary' || a.stage === 'secondary');
  const existing = (await db.select({ id: assets.id }).from(assets)).length;
  const copies: AssetSeed[] = [];
  for (let n = 0; existing + copies.length < totalCount; n += 1) {
    const source = listed[n % listed.length] as AssetSeed;
    copies.push({
      ...source,
      id: `${source.id}-copy-${n + 1}`,
      title: `${source.title} ${n + 1}`,
      serialNumber: `BW-COPY-${String(n + 1).padStart(5, '0')}`,
      availableShares: source.stage === 'primary' ? (n * 37) % source.totalShares : 0,
      forcedRanking: 1000 + (n % 50),
    });
  }
  for (const rows of chunks(copies, ASSET_ROWS_PER_INSERT)) await db.insert(assets).values(rows).onConflictDoNothing();
  return copies.length;
};

/**
 * Bonus codes and notary appointments of the builder-owner assets. Idempotent, and run on every
 * start: appointments are added for the coming weeks, so the demo always has dates to choose.
 */
export const seedPrimaryMarket = async (db: Db, now: Date = new Date()): Promise<void> => {
  await db.insert(bonusCodes).values(demoBonusCodes).onConflictDoNothing();
  const builderOwner = await db
    .select({ id: assets.id, city: assets.city })
    .from(assets)
    .where(and(eq(assets.securityType, 'participationRightEquityBuilderOwner'), eq(assets.stage, 'primary')));
  for (const asset of builderOwner) {
    const coming = await db
      .select({ id: notaryAppointments.id })
      .from(notaryAppointments)
      .where(
        and(
          eq(notaryAppointments.assetId, asset.id),
          gt(notaryAppointments.startsAt, new Date(now.getTime() + 14 * DAY_MS)),
        ),
      )
      .limit(1);
    if (coming.length > 0) continue;
    await db
      .insert(notaryAppointments)
      .values(
        appointmentTimes(now).map((startsAt) => ({
          assetId: asset.id,
          startsAt,
          location: `Notariat ${asset.city}, Marktplatz 1`,
          capacity: NOTARY_SEATS,
        })),
      )
      .onConflictDoNothing();
  }
};

/**
 * The integration tests' and benchmarks' starting point (ADR 0022): the demo catalogue, partners,
 * bonus codes and notary dates written as rows, fast. Not the demo seed: the running product seeds
 * through the operations (`apps/api/src/seed`), and nothing in it calls this. Existing rows are
 * left alone, so loading twice changes nothing.
 */
export const loadTestFixtures = async (db: Db): Promise<void> => {
  await db.insert(partners).values(partnerSeeds).onConflictDoNothing();
  await seedAssets(db);
  await seedPrimaryMarket(db);
};
