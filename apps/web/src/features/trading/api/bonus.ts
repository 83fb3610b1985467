import * as ops from '@bw/api-client/operations';
import { bonusCodeView, bonusForInvestmentResult, useBonusCodeResult } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { bonusQueryKey } from './query-keys';

export type BonusCodeView = z.infer<typeof bonusCodeView>;

/** `GET /api/v1/bonus/bonusForInvestment`: the biggest open bonus for a purchase from the issuer. */
export const getBonusForInvestment = (assetId: string, client: ApiClient = apiClient) =>
  client.get(ops.getBonusBonusForInvestment, bonusForInvestmentResult, {
    query: { investmentType: 'primaryMarket', assetId },
  });

export const bonusQueryOptions = (assetId: string) =>
  queryOptions({ queryKey: bonusQueryKey(assetId), queryFn: () => getBonusForInvestment(assetId), retry: false });

export const useBonusForInvestment = (assetId: string) => useQuery(bonusQueryOptions(assetId));

/** `GET /api/v1/bonus/bonusCode/{code}`: what a code is worth, or why it cannot be used. */
export const checkBonusCode = (code: string, client: ApiClient = apiClient): Promise<BonusCodeView> =>
  client.get(ops.getBonusBonusCodeByCode, bonusCodeView, { path: { code } });

/** `POST /api/v1/bonus/bonusCode/use/{code}`: redeems it once; it then applies at checkout. */
export const redeemBonusCode = async (code: string, client: ApiClient = apiClient) =>
  (await client.send(ops.postBonusBonusCodeUseByCode, useBonusCodeResult, { path: { code } })).bonus;
