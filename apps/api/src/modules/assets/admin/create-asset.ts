import type { AdminAssetView, CreateAssetBody } from '@bw/contracts';
import { assets } from '@bw/db';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, writeAudit } from '../../../platform/audit.js';
import { toAdminAssetView } from './admin-asset-view.js';
import type { AssetAdminDeps } from './asset-admin-deps.js';
import { rowValuesOf } from './asset-fields.js';
import { findTemplate } from './assets-admin.repo.js';

/**
 * A new asset (issue 21), usually from a template whose defaults the form showed: it starts in
 * `preparing`, unlisted, with all its shares available. Only the review makes it visible.
 */
export const createAsset = (deps: AssetAdminDeps, actor: Actor, input: CreateAssetBody): Promise<AdminAssetView> =>
  deps.db.transaction(async (tx) => {
    const { id, templateId, ...fields } = input;
    if (templateId && !(await findTemplate(tx, templateId))) throw new AppError('TEMPLATE_NOT_FOUND');
    const [row] = await tx
      .insert(assets)
      .values({ ...rowValuesOf(fields), id, stage: 'preparing', availableShares: fields.totalShares, images: [] })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('ASSET_ID_TAKEN');
    const view = await toAdminAssetView(tx, row);
    await writeAudit(tx, actor, {
      action: 'asset.create',
      targetType: 'asset',
      targetId: id,
      after: { templateId, ...fields },
    });
    return view;
  });
