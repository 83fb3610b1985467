import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AdminAssetFields, adminAssetFields } from '@bw/contracts';
import { assets, bonusCodes, notaryAppointments } from '@bw/db';
import { isBuilderOwner } from '@bw/domain';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addAssetRecord, addNotaryDate } from '../modules/assets/admin/asset-diary.js';
import { addAssetDocument, addAssetImage } from '../modules/assets/admin/asset-files.js';
import { importAssetHistory, placeSharesOutside } from '../modules/assets/admin/asset-takeover.js';
import { changeAssetStage } from '../modules/assets/admin/change-asset-stage.js';
import { createAsset } from '../modules/assets/admin/create-asset.js';
import { createBonusCode } from '../modules/primary-market/admin/bonus-codes-admin.js';
import { systemActor } from '../platform/audit.js';
import { type AssetSeed, assetCatalogue } from './content/assets-catalogue.js';
import { assetDocumentSeeds, assetRecordSeeds } from './content/assets-content.js';
import { priceHistory, productionHistory } from './content/assets-history.js';
import { appointmentTimes, demoBonusCodes, NOTARY_SEATS } from './content/primary-market.js';
import { demoInvestors } from './investors-content.js';

/**
 * The demo catalogue made the way the back office makes an asset (issue 17 and 21, ADR 0022): the
 * editor creates it from its fields, uploads photos and documents, writes the diary, imports the
 * history of an asset taken over, books shares placed outside the platform and submits it; a second
 * person approves (or declines) and publishes. Assets the catalogue shows in the secondary market
 * leave the financing phase once the demo investors' purchases have sold them out (or the operator
 * ends it, `endFinancingPhases`). Every step looks first, so a restart changes nothing.
 */
const editor = systemActor('demo-seed-redaktion');
const reviewer = systemActor('demo-seed-freigabe');
const DAY_MS = 86_400_000;

/** The demo photos, drawn and rendered to WebP (scripts/render-demo-photos.mjs), beside the seed. */
const PHOTOS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'content/photos');
const photoBytes = (url: string): Buffer => readFileSync(path.join(PHOTOS, path.basename(url)));

/** A catalogue entry as the back office's asset form sends it: cent strings, null for what is not given. */
export const formFieldsOf = (seed: AssetSeed): AdminAssetFields => {
  // The column defaults of the assets table for what a catalogue entry leaves out.
  const defaults: Record<string, unknown> = {
    subtitle: '',
    description: '',
    features: [],
    marketingTypes: [],
    minimumSubscriptionShares: 1,
    debtRatioBps: 0,
    originalLoanAmountCents: '0',
    outstandingLoanAmountCents: '0',
    repaymentAmountPerShareCents: '0',
    expectedRentalReturnBps: 0,
    expectedOngoingDistributionBps: 0,
    endlessTerm: false,
    green: false,
    onlyPrimary: false,
    forcedRanking: 1000,
  };
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(adminAssetFields.shape)) {
    const value = (seed as Record<string, unknown>)[key];
    values[key] = typeof value === 'bigint' ? value.toString() : (value ?? defaults[key] ?? null);
  }
  return adminAssetFields.parse(values);
};

/** Shares the demo investors buy from the issuer (seed/investors.ts). */
const demoPurchases = (assetId: string): number =>
  demoInvestors
    .flatMap((investor) => [...investor.earlier, ...investor.primary])
    .filter(([id]) => id === assetId)
    .reduce((sum, [, shares]) => sum + shares, 0);

/** Notary dates for the coming weeks of a builder-owner asset, unless it has some two weeks out. */
const addNotaryDates = async (app: FastifyInstance, assetId: string, city: string, now: Date) => {
  const [later] = await app.db
    .select({ id: notaryAppointments.id })
    .from(notaryAppointments)
    .where(
      and(
        eq(notaryAppointments.assetId, assetId),
        gt(notaryAppointments.startsAt, new Date(now.getTime() + 14 * DAY_MS)),
      ),
    )
    .limit(1);
  if (later) return;
  const deps = { db: app.db, bus: app.bus };
  for (const startsAt of appointmentTimes(now)) {
    await addNotaryDate(
      deps,
      editor,
      assetId,
      { startsAt: startsAt.toISOString(), location: `Notariat ${city}, Marktplatz 1`, capacity: NOTARY_SEATS },
      now,
    ).catch((error: unknown) => {
      // A date already there (a restart on the same day) is fine.
      if (!(error instanceof Error && 'code' in error && error.code === 'CONFLICT')) throw error;
    });
  }
};

/** Creates the asset with its photos, documents, diary and history, still in preparation. */
const prepare = async (app: FastifyInstance, seed: AssetSeed, now: Date) => {
  const deps = { db: app.db, bus: app.bus };
  await createAsset(deps, editor, { id: seed.id, templateId: null, ...formFieldsOf(seed) });
  for (const url of seed.images ?? []) await addAssetImage(deps, editor, seed.id, photoBytes(url));
  for (const document of assetDocumentSeeds(seed, now))
    await addAssetDocument(deps, editor, seed.id, {
      bytes: Buffer.from(document.content),
      kind: document.kind,
      title: document.title,
      fileName: document.fileName,
    });
  for (const record of assetRecordSeeds(seed, now))
    await addAssetRecord(deps, editor, seed.id, {
      recordedOn: record.recordedOn,
      kind: record.kind,
      title: record.title,
      body: record.body,
    });
  const pricePoints = priceHistory(seed, now).map((point) => ({
    tradedAt: point.tradedAt.toISOString(),
    pricePerShareCents: point.pricePerShareCents.toString(),
    sharesCount: point.sharesCount,
  }));
  const production = productionHistory(seed, now);
  if (pricePoints.length > 0 || production.length > 0)
    await importAssetHistory(deps, editor, seed.id, {
      pricePoints,
      production: production.map(({ producedOn, producedKwh }) => ({ producedOn, producedKwh })),
    });
};

/** Review with four eyes up to the catalogue's stage: submitted by the editor, decided and published by the reviewer. */
const review = async (app: FastifyInstance, seed: AssetSeed, now: Date) => {
  const deps = { db: app.db, bus: app.bus };
  const target = seed.stage ?? 'preparing';
  if (target === 'preparing') return;
  const outside = seed.totalShares - (seed.availableShares ?? seed.totalShares) - demoPurchases(seed.id);
  if (outside > 0)
    await placeSharesOutside(deps, editor, seed.id, {
      shares: outside,
      reason: 'Platzierung vor der Übernahme auf die Plattform (Demo)',
    });
  if (isBuilderOwner(seed.securityType)) await addNotaryDates(app, seed.id, seed.city, now);
  await changeAssetStage(deps, editor, seed.id, { action: 'submitForReview' }, now);
  if (target === 'review') return;
  if (target === 'declined') {
    await changeAssetStage(
      deps,
      reviewer,
      seed.id,
      { action: 'decline', reason: 'Unterlagen unvollständig (Demo)' },
      now,
    );
    return;
  }
  await changeAssetStage(deps, reviewer, seed.id, { action: 'approve' }, now);
  if (target === 'approved') return;
  await changeAssetStage(deps, reviewer, seed.id, { action: 'publish' }, now);
};

/** The catalogue through the back office's operations; assets already there are left as they are. */
export const seedCatalogue = async (app: FastifyInstance, now: Date = new Date()): Promise<void> => {
  for (const seed of assetCatalogue(now)) {
    const [existing] = await app.db.select({ stage: assets.stage }).from(assets).where(eq(assets.id, seed.id));
    if (existing) {
      if (existing.stage === 'primary' && isBuilderOwner(seed.securityType))
        await addNotaryDates(app, seed.id, seed.city, now);
      continue;
    }
    await prepare(app, seed, now);
    await review(app, seed, now);
  }
};

/** The operator ends the financing phase of the assets the catalogue shows as traded, if not sold out already. */
export const endFinancingPhases = async (app: FastifyInstance, now: Date = new Date()): Promise<void> => {
  const deps = { db: app.db, bus: app.bus };
  for (const seed of assetCatalogue(now).filter((one) => one.stage === 'secondary')) {
    const [row] = await app.db.select({ stage: assets.stage }).from(assets).where(eq(assets.id, seed.id));
    if (row?.stage === 'primary') await changeAssetStage(deps, reviewer, seed.id, { action: 'endFinancingPhase' }, now);
  }
};

/** The demo bonus codes, made by the back office's "new bonus code". */
export const seedBonusCodes = async (app: FastifyInstance, now: Date = new Date()): Promise<void> => {
  for (const code of demoBonusCodes) {
    const [existing] = await app.db
      .select({ code: bonusCodes.code })
      .from(bonusCodes)
      .where(eq(bonusCodes.code, code.code));
    if (existing) continue;
    await createBonusCode(
      app.db,
      editor,
      {
        code: code.code,
        partnerId: null,
        title: code.title,
        amountCents: code.amountCents.toString(),
        applicability: code.applicability,
        minimumInvestmentCents: (code.minimumInvestmentCents ?? 0n).toString(),
        validUntil: null,
        maxRedemptions: null,
        budgetCents: null,
      },
      now,
    );
  }
};
