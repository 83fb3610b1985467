import {
  ADMIN_API_PREFIX,
  type BonusCodeRow,
  type BonusRedemptionRow,
  bonusCodeRow,
  bonusRedemptionRow,
  type CreateBonusCodeBody,
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
