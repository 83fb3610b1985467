import * as ops from '@bw/api-client/operations';
import {
  type AdminAssetFields,
  type AdminAssetRow,
  type AdminAssetView,
  type AssetTemplateView,
  adminAssetRow,
  adminAssetView,
  assetTemplateView,
  type CreateAssetBody,
} from '@bw/contracts';
import type { AssetLifecycleAction, AssetStage, AssetTemplateKind } from '@bw/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type BodyOf, type QueryOf, urlOf } from '../../../lib/api-client';
import { adminApi, uploadFile } from '../../lib/admin-api';

export const assetsKey = ['backoffice', 'assets'] as const;

export const useAdminAssets = (filter: { stage?: AssetStage; search?: string }) =>
  useQuery({
    queryKey: [...assetsKey, 'list', filter],
    queryFn: (): Promise<AdminAssetRow[]> =>
      adminApi.get(ops.getAdminAssets, z.array(adminAssetRow), { query: filter }),
  });

export const useAdminAsset = (id: string) =>
  useQuery({
    queryKey: [...assetsKey, 'one', id],
    queryFn: (): Promise<AdminAssetView> => adminApi.get(ops.getAdminAssetsById, adminAssetView, { path: { id } }),
  });

export const useTemplates = () =>
  useQuery({
    queryKey: ['backoffice', 'asset-templates'],
    queryFn: (): Promise<AssetTemplateView[]> => adminApi.get(ops.getAdminAssetTemplates, z.array(assetTemplateView)),
  });

export const createAsset = (body: CreateAssetBody) => adminApi.send(ops.postAdminAssets, adminAssetView, { body });
export const updateAsset = (id: string, body: AdminAssetFields) =>
  adminApi.send(ops.putAdminAssetsById, adminAssetView, { path: { id }, body });
export const runLifecycle = (id: string, action: AssetLifecycleAction, reason?: string) =>
  adminApi.send(ops.postAdminAssetsByIdLifecycle, adminAssetView, {
    path: { id },
    body: { action, ...(reason ? { reason } : {}) },
  });
export const setRanking = (id: string, forcedRanking: number) =>
  adminApi.send(ops.putAdminAssetsByIdRanking, adminAssetView, { path: { id }, body: { forcedRanking } });
export const setFinancingEnd = (id: string, financingEndsOn: string) =>
  adminApi.send(ops.putAdminAssetsByIdFinancingEnd, adminAssetView, { path: { id }, body: { financingEndsOn } });
export const uploadImage = (id: string, file: File) =>
  uploadFile(urlOf(ops.postAdminAssetsByIdImages, { path: { id } }), file, adminAssetView);
export const removeImage = (id: string, fileId: string) =>
  adminApi.send(ops.deleteAdminAssetsByIdImagesByFileId, adminAssetView, { path: { id, fileId } });
export type DocumentMeta = Omit<QueryOf<typeof ops.postAdminAssetsByIdDocuments>, 'fileName'>;

export const uploadDocument = (id: string, file: File, meta: DocumentMeta) =>
  uploadFile(
    urlOf(ops.postAdminAssetsByIdDocuments, { path: { id }, query: { ...meta, fileName: file.name } }),
    file,
    adminAssetView,
  );
export const removeDocument = (id: string, fileId: string) =>
  adminApi.send(ops.deleteAdminAssetsByIdDocumentsByFileId, adminAssetView, { path: { id, fileId } });
export const addRecord = (id: string, body: BodyOf<typeof ops.postAdminAssetsByIdRecords>) =>
  adminApi.send(ops.postAdminAssetsByIdRecords, adminAssetView, { path: { id }, body });
export const addNotaryDate = (id: string, body: { startsAt: string; location: string; capacity: number }) =>
  adminApi.send(ops.postAdminAssetsByIdNotaryDates, adminAssetView, { path: { id }, body });
export const placeOutside = (id: string, body: { shares: number; reason: string }) =>
  adminApi.send(ops.postAdminAssetsByIdOutsidePlacements, adminAssetView, { path: { id }, body });
export const saveTemplate = (
  id: string | null,
  body: { name: string; kind: AssetTemplateKind; description: string; defaults: Partial<AdminAssetFields> },
) =>
  id
    ? adminApi.send(ops.putAdminAssetTemplatesById, assetTemplateView, { path: { id }, body })
    : adminApi.send(ops.postAdminAssetTemplates, assetTemplateView, { body });
