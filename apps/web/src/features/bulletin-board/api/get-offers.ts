import * as ops from '@bw/api-client/operations';
import { type BulletinOffer, bulletinOffer } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { myOffersQueryKey, offersQueryKey } from './query-keys';

const offerList = z.array(bulletinOffer);

/** While one of the user's offers or trades waits for someone, the list is re-read this often. */
const MINE_POLL_MS = 5_000;

/**
 * `GET /api/v1/bulletinboard/offers?assetId&type`: the open offers of one side, cheapest first
 * (a privateUser gets only private ones; spec section 6).
 */
export const getOffers = (
  input: { assetId: string; type: 'buy' | 'sell' },
  client: ApiClient = apiClient,
): Promise<BulletinOffer[]> => client.get(ops.getBulletinboardOffers, offerList, { query: input });

export const useOffers = (assetId: string, type: 'buy' | 'sell') =>
  useQuery(
    queryOptions({
      queryKey: offersQueryKey(assetId, type),
      queryFn: () => getOffers({ assetId, type }),
      retry: false,
    }),
  );

/** `GET /api/v1/bulletinboard/offers?mine=true`: the user's offers and the offers the user takes part in. */
export const getMyOffers = (client: ApiClient = apiClient): Promise<BulletinOffer[]> =>
  client.get(ops.getBulletinboardOffers, offerList, { query: { mine: 'true' } });

const waiting = (offers: readonly BulletinOffer[] | undefined) =>
  (offers ?? []).some((offer) => offer.status === 'new' || offer.trades.some((trade) => trade.status === 'pending'));

export const useMyOffers = () =>
  useQuery(
    queryOptions({
      queryKey: myOffersQueryKey,
      queryFn: () => getMyOffers(),
      retry: false,
      refetchInterval: (query) => (waiting(query.state.data) ? MINE_POLL_MS : false),
    }),
  );
