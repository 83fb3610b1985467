import {
  ADMIN_API_PREFIX,
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

const P = `${ADMIN_API_PREFIX}/bonus-codes`;
export const bonusCodesKey = ['backoffice', 'bonus-codes'] as const;

export const useBonusCodes = () =>
  useQuery({
    queryKey: bonusCodesKey,
    queryFn: (): Promise<BonusCodeRow[]> => adminApi.get(P, z.array(bonusCodeRow)),
  });

export const useRedemptions = (code: string | null) =>
  useQuery({
    queryKey: [...bonusCodesKey, 'redemptions', code],
    queryFn: (): Promise<BonusRedemptionRow[]> =>
      adminApi.get(`${P}/${encodeURIComponent(code ?? '')}/redemptions`, z.array(bonusRedemptionRow)),
    enabled: code !== null,
  });

export const createBonusCode = (body: CreateBonusCodeBody) => adminApi.send('POST', P, body, bonusCodeRow);

export const disableBonusCode = (code: string) =>
  adminApi.send('POST', `${P}/${encodeURIComponent(code)}/disable`, {}, bonusCodeRow);

const C = `${ADMIN_API_PREFIX}/bonus-campaigns`;
export const campaignsKey = ['backoffice', 'bonus-campaigns'] as const;

export const useCampaigns = () =>
  useQuery({
    queryKey: campaignsKey,
    queryFn: (): Promise<BonusCampaignRow[]> => adminApi.get(C, z.array(bonusCampaignRow)),
  });

export const createCampaign = (body: CreateBonusCampaignBody) => adminApi.send('POST', C, body, bonusCampaignRow);
export const disableCampaign = (id: string) => adminApi.send('POST', `${C}/${id}/disable`, {}, bonusCampaignRow);
export const settleCampaign = (id: string) => adminApi.send('POST', `${C}/${id}/settle`, {}, campaignSettlement);
