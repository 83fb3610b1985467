import * as ops from '@bw/api-client/operations';
import { type SigningRequestView, signingRequestView } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { signingRequestsQueryKey } from './query-keys';

/** `GET /api/v1/securityApp/signingRequests`: the user's requests and their outcome, newest first. */
export const getSigningRequests = (client: ApiClient): Promise<SigningRequestView[]> =>
  client.get(ops.getSecurityAppSigningRequests, z.array(signingRequestView));

export const signingRequestsQueryOptions = () =>
  queryOptions({ queryKey: signingRequestsQueryKey, queryFn: () => getSigningRequests(apiClient), retry: false });

export const useSigningRequests = (enabled: boolean) => useQuery({ ...signingRequestsQueryOptions(), enabled });
