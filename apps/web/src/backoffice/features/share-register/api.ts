import { ADMIN_API_PREFIX, type RegisterAssetView, registerAssetView } from '@bw/contracts';
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../../lib/admin-api';

const P = `${ADMIN_API_PREFIX}/assets`;

export const useAssetRegister = (assetId: string) =>
  useQuery({
    queryKey: ['backoffice', 'share-register', assetId],
    enabled: assetId !== '',
    queryFn: (): Promise<RegisterAssetView> => adminApi.get(`${P}/${assetId}/register`, registerAssetView),
  });

export const registerExportUrl = (assetId: string) => `${P}/${encodeURIComponent(assetId)}/register/export`;

export const registerLogUrl = (assetId: string) => `${P}/${encodeURIComponent(assetId)}/register/log`;
