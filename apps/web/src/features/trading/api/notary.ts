import * as ops from '@bw/api-client/operations';
import { notaryDatesResult, type PurchaseView, purchaseView } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { notaryDatesQueryKey } from './query-keys';

/** `GET /launchpad/api/v1/asset/notary/{assetId}/date`: the coming appointments of a builder-owner asset. */
export const getNotaryDates = (assetId: string, client: ApiClient = apiClient) =>
  client.get(ops.getLaunchpadAssetNotaryByIdDate, notaryDatesResult, { path: { id: assetId } });

export const notaryDatesQueryOptions = (assetId: string) =>
  queryOptions({ queryKey: notaryDatesQueryKey(assetId), queryFn: () => getNotaryDates(assetId), retry: false });

export const useNotaryDates = (assetId: string, enabled: boolean) =>
  useQuery({ ...notaryDatesQueryOptions(assetId), enabled });

/** `POST /launchpad/api/v1/asset/notary/{assetId}/date/reserve {date, idAustria}` for the purchase. */
export const reserveNotaryDate = (
  input: { assetId: string; date: string; idAustria: boolean; transactionId: string },
  client: ApiClient = apiClient,
): Promise<PurchaseView> =>
  client.send(ops.postLaunchpadAssetNotaryByIdDateReserve, purchaseView, {
    path: { id: input.assetId },
    body: { date: input.date, idAustria: input.idAustria, transactionId: input.transactionId },
  });
