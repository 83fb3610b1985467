import type { AdminAssetView, AssetHistoryBody, OutsidePlacementBody } from '@bw/contracts';
import { assetEnergyProduction, assetPricePoints } from '@bw/db';
import { isAssetContentEditable } from '@bw/domain';
import { count, eq } from 'drizzle-orm';
import { post } from '../../../ledger/ledger.js';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, writeAudit } from '../../../platform/audit.js';
import { toAdminAssetView } from './admin-asset-view.js';
import type { AssetAdminDeps } from './asset-admin-deps.js';
import { lockAssetRow, updateAssetRow } from './assets-admin.repo.js';

/** Stages in which shares can still be placed: before the listing and during the financing phase. */
const PLACEABLE = ['preparing', 'review', 'approved', 'primary'];
const HISTORY_ROWS_PER_INSERT = 2_000;

const chunks = <T>(rows: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += HISTORY_ROWS_PER_INSERT) out.push(rows.slice(i, i + HISTORY_ROWS_PER_INSERT));
  return out;
};

/**
 * Shares placed outside the platform (issue 17; ADR 0022): they leave the issuer's offer
 * (`availableShares`) and move from the issuer's share book to the asset's outside-holders book in
 * one balanced posting, so issued shares always equal the total minus what is still offered.
 * Operators only; the reason goes to the audit log.
 */
export const placeSharesOutside = async (
  deps: AssetAdminDeps,
  actor: Actor,
  id: string,
  input: OutsidePlacementBody,
): Promise<AdminAssetView> => {
  const view = await deps.db.transaction(async (tx) => {
    const row = await lockAssetRow(tx, id);
    if (!row) throw new AppError('ASSET_NOT_FOUND');
    if (!PLACEABLE.includes(row.stage)) throw new AppError('ASSET_STAGE_TRANSITION_INVALID');
    if (input.shares > row.availableShares) throw new AppError('PLACEMENT_EXCEEDS_AVAILABLE');
    const placed = row.totalShares - row.availableShares;
    await post(tx, {
      // The shares already placed make the key: the same request twice places once.
      key: `outside-placement:${id}:${placed}:${input.shares}`,
      kind: 'outside-placement',
      legs: [
        { account: { kind: 'issuer_shares', assetId: id }, amount: -BigInt(input.shares) },
        { account: { kind: 'outside_holders', assetId: id }, amount: BigInt(input.shares) },
      ],
    });
    const updated = await updateAssetRow(tx, id, { availableShares: row.availableShares - input.shares });
    await writeAudit(tx, actor, {
      action: 'asset.outsidePlacement',
      targetType: 'asset',
      targetId: id,
      before: { availableShares: row.availableShares },
      after: { availableShares: updated.availableShares, shares: input.shares, reason: input.reason },
    });
    return toAdminAssetView(tx, updated);
  });
  if (view.stage === 'primary') deps.bus.publishAssetsUpdate([id]);
  return view;
};

/**
 * The history of an asset the platform takes over (trades and daily production from before it came
 * here), imported once while the asset is prepared; the investor's charts start with it.
 */
export const importAssetHistory = (
  deps: AssetAdminDeps,
  actor: Actor,
  id: string,
  input: AssetHistoryBody,
): Promise<AdminAssetView> =>
  deps.db.transaction(async (tx) => {
    const row = await lockAssetRow(tx, id);
    if (!row) throw new AppError('ASSET_NOT_FOUND');
    if (!isAssetContentEditable(row.stage)) throw new AppError('ASSET_NOT_EDITABLE');
    const [prices] = await tx.select({ n: count() }).from(assetPricePoints).where(eq(assetPricePoints.assetId, id));
    const [days] = await tx
      .select({ n: count() })
      .from(assetEnergyProduction)
      .where(eq(assetEnergyProduction.assetId, id));
    if ((prices?.n ?? 0) > 0 || (days?.n ?? 0) > 0) throw new AppError('ASSET_HISTORY_EXISTS');
    const distinctDays = new Set(input.production.map((day) => day.producedOn));
    if (distinctDays.size !== input.production.length)
      throw new AppError('VALIDATION_FAILED', { 'body.production': 'Jeder Tag darf nur einmal vorkommen.' });
    for (const rows of chunks(input.pricePoints))
      await tx.insert(assetPricePoints).values(
        rows.map((point) => ({
          assetId: id,
          tradedAt: new Date(point.tradedAt),
          pricePerShareCents: BigInt(point.pricePerShareCents),
          sharesCount: point.sharesCount,
        })),
      );
    for (const rows of chunks(input.production))
      await tx.insert(assetEnergyProduction).values(rows.map((day) => ({ assetId: id, ...day })));
    await writeAudit(tx, actor, {
      action: 'asset.history.import',
      targetType: 'asset',
      targetId: id,
      after: { pricePoints: input.pricePoints.length, productionDays: input.production.length },
    });
    return toAdminAssetView(tx, row);
  });
