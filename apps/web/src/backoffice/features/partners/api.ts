import { ADMIN_API_PREFIX, type PartnerAdminView, partnerAdminView, type UpdatePartnerBody } from '@bw/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminApi } from '../../lib/admin-api';

export const partnersKey = ['backoffice', 'partners'] as const;

export const usePartners = () =>
  useQuery({
    queryKey: partnersKey,
    queryFn: (): Promise<PartnerAdminView[]> => adminApi.get(`${ADMIN_API_PREFIX}/partners`, z.array(partnerAdminView)),
  });

export const savePartner = (appId: string, body: UpdatePartnerBody) =>
  adminApi.send('PUT', `${ADMIN_API_PREFIX}/partners/${encodeURIComponent(appId)}`, body, partnerAdminView);
