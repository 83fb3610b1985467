import { type Offer, offer } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';

const offerList = z.array(offer);

/** GET /api/v2/assets/{id}/offers (spec section 7): the issuer's offer and, later, investors' offers. */
export const getAssetOffers = (client: ApiClient, id: string): Promise<Offer[]> =>
  client.get(`/api/v2/assets/${encodeURIComponent(id)}/offers`, offerList);

export const assetOffersQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['asset', id, 'offers'], queryFn: () => getAssetOffers(apiClient, id), retry: false });

export const useAssetOffers = (id: string) => useQuery(assetOffersQueryOptions(id));
