import * as ops from '@bw/api-client/operations';
import { privateContactDetails } from '@bw/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { contactDetailsQueryKey } from './query-keys';

export type ContactDetails = z.infer<typeof privateContactDetails>;

/** `GET /api/v1/bulletinboard/offer/privateContactDetails/{id}`: the counterparty of each private trade. */
export const getContactDetails = (offerId: string, client: ApiClient = apiClient): Promise<ContactDetails> =>
  client.get(ops.getBulletinboardOfferPrivateContactDetailsById, privateContactDetails, { path: { id: offerId } });

export const useContactDetails = (offerId: string, enabled: boolean) =>
  useQuery({
    queryKey: contactDetailsQueryKey(offerId),
    queryFn: () => getContactDetails(offerId),
    retry: false,
    enabled,
  });
