import type { AdminAssetView } from '@bw/contracts';
import { notaryAppointments } from '@bw/db';
import { type AssetLifecycleAction, lifecycleRefusal, lifecycleTarget, missingForReview } from '@bw/domain';
import { count, eq } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, actorStaffId, writeAudit } from '../../../platform/audit.js';
import { toAdminAssetView } from './admin-asset-view.js';
import type { AssetAdminDeps } from './asset-admin-deps.js';
import { type AssetRow, lockAssetRow, updateAssetRow } from './assets-admin.repo.js';

/** Who acts: a staff id, or `system:<name>` for the seed (which is never its own second pair of eyes). */
const actorKey = (actor: Actor): string => actorStaffId(actor) ?? `system:${actor.kind === 'system' ? actor.name : ''}`;

const changesFor = (
  action: AssetLifecycleAction,
  actor: Actor,
  reason: string | null,
  now: Date,
): Partial<AssetRow> => {
  switch (action) {
    case 'submitForReview':
      return {
        reviewSubmittedBy: actorKey(actor),
        reviewSubmittedAt: now,
        reviewDecidedBy: null,
        reviewDecidedAt: null,
        reviewDecisionReason: null,
      };
    case 'approve':
    case 'decline':
      return { reviewDecidedBy: actorKey(actor), reviewDecidedAt: now, reviewDecisionReason: reason };
    case 'rework':
      return { reviewSubmittedBy: null, reviewSubmittedAt: null };
    case 'publish':
      return { publishedAt: now };
    case 'endFinancingPhase':
      return {};
  }
};

/**
 * The asset lifecycle (spec section 3 and 4; issue 21): preparing → review → approved/declined →
 * primary → secondary. Four eyes: who submitted may not approve, decline or publish. Publishing
 * lists the asset on the marketplace at once (`update_assets` drops every list cache).
 */
export const changeAssetStage = async (
  deps: AssetAdminDeps,
  actor: Actor,
  id: string,
  input: { action: AssetLifecycleAction; reason?: string | undefined },
  now: Date = new Date(),
): Promise<AdminAssetView> => {
  const view = await deps.db.transaction(async (tx) => {
    const row = await lockAssetRow(tx, id);
    if (!row) throw new AppError('ASSET_NOT_FOUND');
    const refusal = lifecycleRefusal({
      stage: row.stage,
      action: input.action,
      submittedBy: row.reviewSubmittedBy,
      actorId: actorKey(actor),
    });
    if (refusal) throw new AppError(refusal);
    if (input.action === 'decline' && !input.reason)
      throw new AppError('VALIDATION_FAILED', { 'body.reason': 'Bitte gib einen Grund an.' });
    if (input.action === 'submitForReview') {
      const [notary] = await tx
        .select({ n: count() })
        .from(notaryAppointments)
        .where(eq(notaryAppointments.assetId, id));
      const missing = missingForReview({ ...row, notaryDatesCount: notary?.n ?? 0, imagesCount: row.images.length });
      if (missing.length > 0)
        throw new AppError('ASSET_INCOMPLETE', Object.fromEntries(missing.map((field) => [`body.${field}`, 'fehlt'])));
    }
    const updated = await updateAssetRow(tx, id, {
      stage: lifecycleTarget(input.action),
      ...changesFor(input.action, actor, input.reason ?? null, now),
    });
    await writeAudit(tx, actor, {
      action: `asset.${input.action}`,
      targetType: 'asset',
      targetId: id,
      before: { stage: row.stage },
      after: { stage: updated.stage, reason: input.reason ?? null },
    });
    return toAdminAssetView(tx, updated);
  });
  if (input.action === 'publish' || input.action === 'endFinancingPhase') deps.bus.publishAssetsUpdate([id]);
  return view;
};
