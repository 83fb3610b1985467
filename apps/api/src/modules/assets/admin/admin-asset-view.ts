import type { AdminAssetRow, AdminAssetView } from '@bw/contracts';
import type { Db } from '@bw/db';
import { lifecycleActionsFor } from '@bw/domain';
import { AppError } from '../../../lib/app-error.js';
import { fieldsOf } from './asset-fields.js';
import { type AssetRow, assetFiles, findAssetRow } from './assets-admin.repo.js';

/** Where an uploaded photo is served (public once the asset is listed: `GET /api/v1/assets/images/{id}`). */
export const assetImageUrl = (imageId: string): string => `/api/v1/assets/images/${imageId}`;

export const toAdminAssetRow = (row: AssetRow): AdminAssetRow => ({
  id: row.id,
  title: row.title,
  city: row.city,
  templateKind: row.templateKind,
  stage: row.stage,
  pricePerShareCents: row.pricePerShareCents.toString(),
  totalShares: row.totalShares,
  availableShares: row.availableShares,
  forcedRanking: row.forcedRanking,
  reviewSubmittedBy: row.reviewSubmittedBy,
  updatedAt: row.updatedAt.toISOString(),
});

export const toAdminAssetView = async (db: Db, row: AssetRow): Promise<AdminAssetView> => {
  const files = await assetFiles(db, row.id);
  return {
    ...fieldsOf(row),
    id: row.id,
    stage: row.stage,
    availableShares: row.availableShares,
    images: row.images,
    imageFiles: files.images.map((image) => ({ id: image.id, url: assetImageUrl(image.id) })),
    documents: files.documents.map((doc) => ({ ...doc, createdAt: doc.createdAt.toISOString() })),
    records: files.records.map((record) => ({
      id: record.id,
      recordedOn: record.recordedOn,
      kind: record.kind,
      title: record.title,
      body: record.body,
    })),
    notaryDates: files.notaryDates.map((date) => ({
      id: date.id,
      startsAt: date.startsAt.toISOString(),
      location: date.location,
      capacity: date.capacity,
      reserved: date.reserved,
    })),
    review: {
      submittedBy: row.reviewSubmittedBy,
      submittedAt: row.reviewSubmittedAt?.toISOString() ?? null,
      decidedBy: row.reviewDecidedBy,
      decidedAt: row.reviewDecidedAt?.toISOString() ?? null,
      reason: row.reviewDecisionReason,
    },
    actions: lifecycleActionsFor(row.stage),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    soldShares: files.soldShares,
    updatedAt: row.updatedAt.toISOString(),
  };
};

export const getAdminAsset = async (db: Db, id: string): Promise<AdminAssetView> => {
  const row = await findAssetRow(db, id);
  if (!row) throw new AppError('ASSET_NOT_FOUND');
  return toAdminAssetView(db, row);
};
