import * as ops from '@bw/api-client/operations';
import { type RegisterAssetView, registerAssetView } from '@bw/contracts';
import { useQuery } from '@tanstack/react-query';
import { urlOf } from '../../../lib/api-client';
import { adminApi } from '../../lib/admin-api';

export const useAssetRegister = (assetId: string) =>
  useQuery({
    queryKey: ['backoffice', 'share-register', assetId],
    enabled: assetId !== '',
    queryFn: (): Promise<RegisterAssetView> =>
      adminApi.get(ops.getAdminAssetsByIdRegister, registerAssetView, { path: { id: assetId } }),
  });

export const registerExportUrl = (assetId: string) =>
  urlOf(ops.getAdminAssetsByIdRegisterExport, { path: { id: assetId } });

export const registerLogUrl = (assetId: string) => urlOf(ops.getAdminAssetsByIdRegisterLog, { path: { id: assetId } });
