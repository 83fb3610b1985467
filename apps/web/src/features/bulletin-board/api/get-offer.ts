import * as ops from '@bw/api-client/operations';
import { type BulletinOffer, bulletinOffer } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { offerQueryKey } from './query-keys';

/** While the offer or one of the user's trades waits for a signature or a step, it is re-read this often. */
const WAITING_POLL_MS = 2_000;

const isWaiting = (offer: BulletinOffer | undefined): boolean =>
  offer !== undefined && (offer.status === 'new' || offer.trades.some((trade) => trade.status === 'pending'));

/** `GET /api/v1/bulletinboard/offer/{id}`: one offer with the user's trades and their progress. */
export const getOffer = (offerId: string, client: ApiClient = apiClient): Promise<BulletinOffer> =>
  client.get(ops.getBulletinboardOfferById, bulletinOffer, { path: { id: offerId } });

export const offerQueryOptions = (offerId: string) =>
  queryOptions({
    queryKey: offerQueryKey(offerId),
    queryFn: () => getOffer(offerId),
    retry: false,
    // The realtime `update` also arrives; polling is the safety net while the other side acts.
    refetchInterval: (query) => (isWaiting(query.state.data) ? WAITING_POLL_MS : false),
  });

export const useOffer = (offerId: string, enabled = true) => useQuery({ ...offerQueryOptions(offerId), enabled });
