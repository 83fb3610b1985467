import * as ops from '@bw/api-client/operations';
import {
  type BonusCampaignRow,
  type BonusCodeRow,
  type BonusRedemptionRow,
  bonusCampaignRow,
  bonusCodeRow,
  bonusRedemptionRow,
  type CreateBonusCampaignBody,
  type CreateBonusCodeBody,
  campaignSettlement,
} from '@bw/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminApi } from '../../lib/admin-api';

export const bonusCodesKey = ['backoffice', 'bonus-codes'] as const;

export const useBonusCodes = () =>
  useQuery({
    queryKey: bonusCodesKey,
    queryFn: (): Promise<BonusCodeRow[]> => adminApi.get(ops.getAdminBonusCodes, z.array(bonusCodeRow)),
  });

export const useRedemptions = (code: string | null) =>
  useQuery({
    queryKey: [...bonusCodesKey, 'redemptions', code],
    queryFn: (): Promise<BonusRedemptionRow[]> =>
      adminApi.get(ops.getAdminBonusCodesByCodeRedemptions, z.array(bonusRedemptionRow), {
        path: { code: code ?? '' },
      }),
    enabled: code !== null,
  });

export const createBonusCode = (body: CreateBonusCodeBody) =>
  adminApi.send(ops.postAdminBonusCodes, bonusCodeRow, { body });

export const disableBonusCode = (code: string) =>
  adminApi.send(ops.postAdminBonusCodesByCodeDisable, bonusCodeRow, { path: { code } });

export const campaignsKey = ['backoffice', 'bonus-campaigns'] as const;

export const useCampaigns = () =>
  useQuery({
    queryKey: campaignsKey,
    queryFn: (): Promise<BonusCampaignRow[]> => adminApi.get(ops.getAdminBonusCampaigns, z.array(bonusCampaignRow)),
  });

export const createCampaign = (body: CreateBonusCampaignBody) =>
  adminApi.send(ops.postAdminBonusCampaigns, bonusCampaignRow, { body });
export const disableCampaign = (id: string) =>
  adminApi.send(ops.postAdminBonusCampaignsByIdDisable, bonusCampaignRow, { path: { id } });
export const settleCampaign = (id: string) =>
  adminApi.send(ops.postAdminBonusCampaignsByIdSettle, campaignSettlement, { path: { id } });
