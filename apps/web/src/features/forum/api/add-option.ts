import * as ops from '@bw/api-client/operations';
import { type VotingOptionInput, type VotingView, votingView } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `POST /launchpad/api/v1/{id}/voting/{v}/option`: add an option before the vote starts. */
export const addOption = (
  ref: { assetId: string; votingId: string },
  body: VotingOptionInput,
  client: ApiClient = apiClient,
): Promise<VotingView> =>
  client.send(ops.postLaunchpadByIdVotingByVOption, votingView, { path: { id: ref.assetId, v: ref.votingId }, body });
