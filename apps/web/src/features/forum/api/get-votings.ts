import * as ops from '@bw/api-client/operations';
import { votingList } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { votingsQueryKey } from './query-keys';

export type VotingList = z.infer<typeof votingList>;

/** Live tallies and support are re-read this often while the forum is open. */
const VOTINGS_POLL_MS = 15_000;

/** `GET /launchpad/api/v1/{id}/votings`: every voting of the asset with the caller's vote. */
export const getVotings = (assetId: string, client: ApiClient = apiClient): Promise<VotingList> =>
  client.get(ops.getLaunchpadByIdVotings, votingList, { path: { id: assetId } });

export const useVotings = (assetId: string) =>
  useQuery(
    queryOptions({
      queryKey: votingsQueryKey(assetId),
      queryFn: () => getVotings(assetId),
      retry: false,
      refetchInterval: VOTINGS_POLL_MS,
    }),
  );
