import type { AdminAssetFields, AssetTemplateView } from '@bw/contracts';
import { assetTemplates, type Db } from '@bw/db';
import type { AssetTemplateKind } from '@bw/domain';
import { eq } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, writeAudit } from '../../../platform/audit.js';
import { findTemplate, listTemplates, type TemplateRow } from './assets-admin.repo.js';

type TemplateInput = {
  name: string;
  kind: AssetTemplateKind;
  description: string;
  defaults: Partial<AdminAssetFields>;
};

const toView = (row: TemplateRow): AssetTemplateView => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  description: row.description,
  defaults: row.defaults as Partial<AdminAssetFields>,
  updatedAt: row.updatedAt.toISOString(),
});

export const listAssetTemplates = async (db: Db): Promise<AssetTemplateView[]> => (await listTemplates(db)).map(toView);

/** The template's kind is part of its defaults, so an asset made from it has that kind. */
export const createAssetTemplate = (db: Db, actor: Actor, input: TemplateInput): Promise<AssetTemplateView> =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .insert(assetTemplates)
      .values({ ...input, defaults: { ...input.defaults, templateKind: input.kind } })
      .returning();
    if (!row) throw new Error('template insert returned nothing');
    await writeAudit(tx, actor, {
      action: 'assetTemplate.create',
      targetType: 'assetTemplate',
      targetId: row.id,
      after: input,
    });
    return toView(row);
  });

export const updateAssetTemplate = (
  db: Db,
  actor: Actor,
  id: string,
  input: TemplateInput,
): Promise<AssetTemplateView> =>
  db.transaction(async (tx) => {
    const before = await findTemplate(tx, id);
    if (!before) throw new AppError('TEMPLATE_NOT_FOUND');
    const [row] = await tx
      .update(assetTemplates)
      .set({ ...input, defaults: { ...input.defaults, templateKind: input.kind }, updatedAt: new Date() })
      .where(eq(assetTemplates.id, id))
      .returning();
    if (!row) throw new AppError('TEMPLATE_NOT_FOUND');
    await writeAudit(tx, actor, {
      action: 'assetTemplate.update',
      targetType: 'assetTemplate',
      targetId: id,
      before: toView(before),
      after: input,
    });
    return toView(row);
  });
