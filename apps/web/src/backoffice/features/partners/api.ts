import * as ops from '@bw/api-client/operations';
import { type PartnerAdminView, partnerAdminView, type UpdatePartnerBody } from '@bw/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminApi } from '../../lib/admin-api';

export const partnersKey = ['backoffice', 'partners'] as const;

export const usePartners = () =>
  useQuery({
    queryKey: partnersKey,
    queryFn: (): Promise<PartnerAdminView[]> => adminApi.get(ops.getAdminPartners, z.array(partnerAdminView)),
  });

export const savePartner = (appId: string, body: UpdatePartnerBody) =>
  adminApi.send(ops.putAdminPartnersByAppId, partnerAdminView, { path: { appId }, body });
