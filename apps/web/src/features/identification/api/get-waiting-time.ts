import * as ops from '@bw/api-client/operations';
import { estimatedWaitingTime } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { waitingTimeQueryKey } from './query-keys';

/** `GET /api/v1/identification/videoident/estimatedwaitingtime` (spec section 7). */
export const getWaitingTime = (client: ApiClient): Promise<number> =>
  client
    .get(ops.getIdentificationVideoidentEstimatedwaitingtime, estimatedWaitingTime)
    .then((data) => data.estimatedWaitingTimeSeconds);

export const useWaitingTime = (enabled: boolean) =>
  useQuery(queryOptions({ queryKey: waitingTimeQueryKey, queryFn: () => getWaitingTime(apiClient), enabled }));
