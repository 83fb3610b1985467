import * as ops from '@bw/api-client/operations';
import { type VotingView, votingView } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

type Ref = { assetId: string; votingId: string };
const path = ({ assetId, votingId }: Ref) => ({ id: assetId, v: votingId });

/**
 * `POST /launchpad/api/v1/{id}/voting/{v}/vote`: supports a suggestion (no choice), or votes against
 * all options or abstains while the vote runs.
 */
export const voteOnVoting = (
  ref: Ref,
  choice: 'againstAll' | 'abstain' | null,
  client: ApiClient = apiClient,
): Promise<VotingView> =>
  client.send(ops.postLaunchpadByIdVotingByVVote, votingView, { path: path(ref), body: choice ? { choice } : {} });

/** `DELETE /launchpad/api/v1/{id}/voting/{v}/vote`: withdraws the support or the vote. */
export const withdrawVote = (ref: Ref, client: ApiClient = apiClient): Promise<VotingView> =>
  client.send(ops.deleteLaunchpadByIdVotingByVVote, votingView, { path: path(ref) });
