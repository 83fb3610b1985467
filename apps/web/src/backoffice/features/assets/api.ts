import {
  ADMIN_API_PREFIX,
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
import { adminApi, queryString, uploadFile } from '../../lib/admin-api';

const P = `${ADMIN_API_PREFIX}/assets`;
export const assetsKey = ['backoffice', 'assets'] as const;

export const useAdminAssets = (filter: { stage?: AssetStage; search?: string }) =>
  useQuery({
    queryKey: [...assetsKey, 'list', filter],
    queryFn: (): Promise<AdminAssetRow[]> => adminApi.get(`${P}${queryString(filter)}`, z.array(adminAssetRow)),
  });

export const useAdminAsset = (id: string) =>
  useQuery({
    queryKey: [...assetsKey, 'one', id],
    queryFn: (): Promise<AdminAssetView> => adminApi.get(`${P}/${id}`, adminAssetView),
  });

export const useTemplates = () =>
  useQuery({
    queryKey: ['backoffice', 'asset-templates'],
    queryFn: (): Promise<AssetTemplateView[]> =>
      adminApi.get(`${ADMIN_API_PREFIX}/asset-templates`, z.array(assetTemplateView)),
  });

export const createAsset = (body: CreateAssetBody) => adminApi.send('POST', P, body, adminAssetView);
export const updateAsset = (id: string, body: AdminAssetFields) =>
  adminApi.send('PUT', `${P}/${id}`, body, adminAssetView);
export const runLifecycle = (id: string, action: AssetLifecycleAction, reason?: string) =>
  adminApi.send('POST', `${P}/${id}/lifecycle`, { action, ...(reason ? { reason } : {}) }, adminAssetView);
export const setRanking = (id: string, forcedRanking: number) =>
  adminApi.send('PUT', `${P}/${id}/ranking`, { forcedRanking }, adminAssetView);
export const setFinancingEnd = (id: string, financingEndsOn: string) =>
  adminApi.send('PUT', `${P}/${id}/financing-end`, { financingEndsOn }, adminAssetView);
export const uploadImage = (id: string, file: File) => uploadFile(`${P}/${id}/images`, file, adminAssetView);
export const removeImage = (id: string, fileId: string) =>
  adminApi.send('DELETE', `${P}/${id}/images/${fileId}`, {}, adminAssetView);
export const uploadDocument = (id: string, file: File, meta: { kind: string; title: string }) =>
  uploadFile(`${P}/${id}/documents${queryString({ ...meta, fileName: file.name })}`, file, adminAssetView);
export const removeDocument = (id: string, fileId: string) =>
  adminApi.send('DELETE', `${P}/${id}/documents/${fileId}`, {}, adminAssetView);
export const addRecord = (id: string, body: { recordedOn: string; kind: string; title: string; body: string }) =>
  adminApi.send('POST', `${P}/${id}/records`, body, adminAssetView);
export const addNotaryDate = (id: string, body: { startsAt: string; location: string; capacity: number }) =>
  adminApi.send('POST', `${P}/${id}/notary-dates`, body, adminAssetView);
export const placeOutside = (id: string, body: { shares: number; reason: string }) =>
  adminApi.send('POST', `${P}/${id}/outside-placements`, body, adminAssetView);
export const saveTemplate = (
  id: string | null,
  body: { name: string; kind: AssetTemplateKind; description: string; defaults: Partial<AdminAssetFields> },
) =>
  id
    ? adminApi.send('PUT', `${ADMIN_API_PREFIX}/asset-templates/${id}`, body, assetTemplateView)
    : adminApi.send('POST', `${ADMIN_API_PREFIX}/asset-templates`, body, assetTemplateView);
