import type { AdminAssetFields, AdminAssetView } from '@bw/contracts';
import { isAssetContentEditable } from '@bw/domain';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, writeAudit } from '../../../platform/audit.js';
import { toAdminAssetView } from './admin-asset-view.js';
import type { AssetAdminDeps } from './asset-admin-deps.js';
import { fieldsOf, rowValuesOf } from './asset-fields.js';
import { lockAssetRow, updateAssetRow } from './assets-admin.repo.js';

const LISTED = ['primary', 'secondary'];

/** Edits the content of an asset in preparation; nothing was sold yet, so all shares stay available. */
export const updateAsset = (
  deps: AssetAdminDeps,
  actor: Actor,
  id: string,
  fields: AdminAssetFields,
): Promise<AdminAssetView> =>
  deps.db.transaction(async (tx) => {
    const row = await lockAssetRow(tx, id);
    if (!row) throw new AppError('ASSET_NOT_FOUND');
    if (!isAssetContentEditable(row.stage)) throw new AppError('ASSET_NOT_EDITABLE');
    const updated = await updateAssetRow(tx, id, { ...rowValuesOf(fields), availableShares: fields.totalShares });
    await writeAudit(tx, actor, {
      action: 'asset.update',
      targetType: 'asset',
      targetId: id,
      before: fieldsOf(row),
      after: fields,
    });
    return toAdminAssetView(tx, updated);
  });

/** Forced ranking (spec section 3, default 1000; lower comes first among equal bricks). */
export const setForcedRanking = async (deps: AssetAdminDeps, actor: Actor, id: string, forcedRanking: number) => {
  const view = await deps.db.transaction(async (tx) => {
    const row = await lockAssetRow(tx, id);
    if (!row) throw new AppError('ASSET_NOT_FOUND');
    const updated = await updateAssetRow(tx, id, { forcedRanking });
    await writeAudit(tx, actor, {
      action: 'asset.ranking',
      targetType: 'asset',
      targetId: id,
      before: { forcedRanking: row.forcedRanking },
      after: { forcedRanking },
    });
    return toAdminAssetView(tx, updated);
  });
  if (LISTED.includes(view.stage)) deps.bus.publishAssetsUpdate([id]);
  return view;
};

/** Extends the financing phase (spec section 1: the phase may be extended): a later end only. */
export const extendFinancingPhase = (deps: AssetAdminDeps, actor: Actor, id: string, financingEndsOn: string) =>
  deps.db.transaction(async (tx) => {
    const row = await lockAssetRow(tx, id);
    if (!row) throw new AppError('ASSET_NOT_FOUND');
    if (row.stage !== 'primary' && !isAssetContentEditable(row.stage))
      throw new AppError('ASSET_STAGE_TRANSITION_INVALID');
    if (row.financingEndsOn && financingEndsOn <= row.financingEndsOn)
      throw new AppError('VALIDATION_FAILED', {
        'body.financingEndsOn': 'Das neue Ende muss nach dem bisherigen liegen.',
      });
    const updated = await updateAssetRow(tx, id, { financingEndsOn });
    await writeAudit(tx, actor, {
      action: 'asset.financing.extend',
      targetType: 'asset',
      targetId: id,
      before: { financingEndsOn: row.financingEndsOn },
      after: { financingEndsOn },
    });
    return toAdminAssetView(tx, updated);
  });
