import { randomUUID } from 'node:crypto';
import { assetRecords, notaryAppointments } from '@bw/db';
import { isBuilderOwner } from '@bw/domain';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, writeAudit } from '../../../platform/audit.js';
import { toAdminAssetView } from './admin-asset-view.js';
import type { AssetAdminDeps } from './asset-admin-deps.js';
import { lockAssetRow } from './assets-admin.repo.js';

/** A record of the asset's diary (spec: records / news, launchpad records), shown to investors. */
export const addAssetRecord = async (
  deps: AssetAdminDeps,
  actor: Actor,
  id: string,
  input: { recordedOn: string; kind: string; title: string; body: string },
) => {
  const view = await deps.db.transaction(async (tx) => {
    const row = await lockAssetRow(tx, id);
    if (!row) throw new AppError('ASSET_NOT_FOUND');
    const recordId = randomUUID();
    await tx.insert(assetRecords).values({ id: recordId, assetId: id, ...input });
    await writeAudit(tx, actor, {
      action: 'asset.record.add',
      targetType: 'asset',
      targetId: id,
      after: { recordId, ...input },
    });
    return toAdminAssetView(tx, row);
  });
  if (view.stage === 'primary' || view.stage === 'secondary') deps.bus.publishAssetsUpdate([id]);
  return view;
};

/** A notary date for a builder-owner asset (spec: notary appointment selection), in the future. */
export const addNotaryDate = (
  deps: AssetAdminDeps,
  actor: Actor,
  id: string,
  input: { startsAt: string; location: string; capacity: number },
  now: Date = new Date(),
) =>
  deps.db.transaction(async (tx) => {
    const row = await lockAssetRow(tx, id);
    if (!row) throw new AppError('ASSET_NOT_FOUND');
    if (!isBuilderOwner(row.securityType)) throw new AppError('INVESTMENT_NOT_BUILDER_OWNER');
    const startsAt = new Date(input.startsAt);
    if (startsAt.getTime() <= now.getTime())
      throw new AppError('VALIDATION_FAILED', { 'body.startsAt': 'Der Termin muss in der Zukunft liegen.' });
    const inserted = await tx
      .insert(notaryAppointments)
      .values({ assetId: id, startsAt, location: input.location, capacity: input.capacity })
      .onConflictDoNothing()
      .returning({ id: notaryAppointments.id });
    if (inserted.length === 0) throw new AppError('CONFLICT');
    await writeAudit(tx, actor, {
      action: 'asset.notaryDate.add',
      targetType: 'asset',
      targetId: id,
      after: { id: inserted[0]?.id, ...input },
    });
    return toAdminAssetView(tx, row);
  });
