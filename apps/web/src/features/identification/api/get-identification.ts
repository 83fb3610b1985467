import * as ops from '@bw/api-client/operations';
import { type IdentificationState, identificationState } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { identificationQueryKey } from './query-keys';

/** While the provider decides, the screen asks again this often (the realtime `update` may come first). */
const POLL_WHILE_WAITING_MS = 2_000;

/** States in which a webhook verdict is awaited. */
export const isAwaitingVerdict = (state: IdentificationState): boolean =>
  state.verificationStatus === 'pending' ||
  state.verificationStatus === 'manualCheck' ||
  state.verificationStatus === 'bavRequired' ||
  state.signature.status === 'pending';

/** `GET /api/v1/identification`: verification, signature and activation state of the caller. */
export const getIdentification = (client: ApiClient): Promise<IdentificationState> =>
  client.get(ops.getIdentification, identificationState);

export const identificationQueryOptions = () =>
  queryOptions({
    queryKey: identificationQueryKey,
    queryFn: () => getIdentification(apiClient),
    refetchInterval: (query) =>
      query.state.data && isAwaitingVerdict(query.state.data) ? POLL_WHILE_WAITING_MS : false,
  });

export const useIdentification = () => useQuery(identificationQueryOptions());
