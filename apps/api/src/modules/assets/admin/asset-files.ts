import { createHash, randomUUID } from 'node:crypto';
import type { AdminAssetView } from '@bw/contracts';
import { assetDocuments, assetImages } from '@bw/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, writeAudit } from '../../../platform/audit.js';
import { sniffContentTypeOrWebp as sniff } from '../../identification/operations/upload-identification-file.js';
import { assetImageUrl, toAdminAssetView } from './admin-asset-view.js';
import type { AssetAdminDeps } from './asset-admin-deps.js';
import { lockAssetRow, updateAssetRow } from './assets-admin.repo.js';

/** Photos up to 5 MB (JPEG, PNG or WebP), documents up to 10 MB (PDF). */
export const MAX_ASSET_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_ASSET_DOCUMENT_BYTES = 10 * 1024 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

const LISTED = ['primary', 'secondary'];

const afterChange = async (deps: AssetAdminDeps, view: AdminAssetView): Promise<AdminAssetView> => {
  if (LISTED.includes(view.stage)) deps.bus.publishAssetsUpdate([view.id]);
  return view;
};

/** A new photo; its type is read from the bytes, never from the client's claim. */
export const addAssetImage = async (deps: AssetAdminDeps, actor: Actor, id: string, bytes: Buffer) => {
  if (bytes.length === 0 || bytes.length > MAX_ASSET_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  const contentType = sniff(bytes);
  if (!contentType || !IMAGE_TYPES.includes(contentType)) throw new AppError('FILE_TYPE_NOT_ALLOWED');
  const view = await deps.db.transaction(async (tx) => {
    const row = await lockAssetRow(tx, id);
    if (!row) throw new AppError('ASSET_NOT_FOUND');
    const imageId = randomUUID();
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await tx
      .insert(assetImages)
      .values({ id: imageId, assetId: id, contentType, sizeBytes: bytes.length, sha256, content: bytes });
    const updated = await updateAssetRow(tx, id, { images: [...row.images, assetImageUrl(imageId)] });
    await writeAudit(tx, actor, {
      action: 'asset.image.add',
      targetType: 'asset',
      targetId: id,
      after: { imageId, contentType, sizeBytes: bytes.length, sha256 },
    });
    return toAdminAssetView(tx, updated);
  });
  return afterChange(deps, view);
};

/** Removes a photo from the asset (an uploaded one is deleted, a catalogue URL only unlinked). */
export const removeAssetImage = async (deps: AssetAdminDeps, actor: Actor, id: string, imageRef: string) => {
  const view = await deps.db.transaction(async (tx) => {
    const row = await lockAssetRow(tx, id);
    if (!row) throw new AppError('ASSET_NOT_FOUND');
    const url = assetImageUrl(imageRef);
    if (!row.images.includes(url)) throw new AppError('NOT_FOUND');
    await tx.delete(assetImages).where(and(eq(assetImages.id, imageRef), eq(assetImages.assetId, id)));
    const updated = await updateAssetRow(tx, id, { images: row.images.filter((image) => image !== url) });
    await writeAudit(tx, actor, {
      action: 'asset.image.remove',
      targetType: 'asset',
      targetId: id,
      before: { image: url },
    });
    return toAdminAssetView(tx, updated);
  });
  return afterChange(deps, view);
};

/** A PDF document of the asset (exposé, key information, energy certificate …). */
export const addAssetDocument = async (
  deps: AssetAdminDeps,
  actor: Actor,
  id: string,
  input: { bytes: Buffer; kind: string; title: string; fileName: string },
) => {
  if (input.bytes.length === 0 || input.bytes.length > MAX_ASSET_DOCUMENT_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE');
  if (sniff(input.bytes) !== 'application/pdf') throw new AppError('FILE_TYPE_NOT_ALLOWED');
  const view = await deps.db.transaction(async (tx) => {
    if (!(await lockAssetRow(tx, id))) throw new AppError('ASSET_NOT_FOUND');
    const documentId = randomUUID();
    await tx.insert(assetDocuments).values({
      id: documentId,
      assetId: id,
      kind: input.kind,
      title: input.title,
      fileName: input.fileName,
      content: input.bytes,
      sortOrder: 100,
    });
    await writeAudit(tx, actor, {
      action: 'asset.document.add',
      targetType: 'asset',
      targetId: id,
      after: {
        documentId,
        kind: input.kind,
        title: input.title,
        fileName: input.fileName,
        sizeBytes: input.bytes.length,
      },
    });
    const row = await lockAssetRow(tx, id);
    return toAdminAssetView(tx, row as NonNullable<typeof row>);
  });
  return afterChange(deps, view);
};

export const removeAssetDocument = async (deps: AssetAdminDeps, actor: Actor, id: string, documentId: string) => {
  const view = await deps.db.transaction(async (tx) => {
    const row = await lockAssetRow(tx, id);
    if (!row) throw new AppError('ASSET_NOT_FOUND');
    const removed = await tx
      .delete(assetDocuments)
      .where(and(eq(assetDocuments.id, documentId), eq(assetDocuments.assetId, id)))
      .returning({ title: assetDocuments.title, fileName: assetDocuments.fileName });
    if (removed.length === 0) throw new AppError('NOT_FOUND');
    await writeAudit(tx, actor, {
      action: 'asset.document.remove',
      targetType: 'asset',
      targetId: id,
      before: { documentId, ...removed[0] },
    });
    return toAdminAssetView(tx, row);
  });
  return afterChange(deps, view);
};
