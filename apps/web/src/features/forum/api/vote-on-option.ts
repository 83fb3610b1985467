import * as ops from '@bw/api-client/operations';
import { type VotingView, votingView } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

type Ref = { assetId: string; votingId: string; optionId: string };
const path = ({ assetId, votingId, optionId }: Ref) => ({ id: assetId, v: votingId, o: optionId });

/** `POST /launchpad/api/v1/{id}/voting/{v}/option/{o}/vote`: approve this option. */
export const voteForOption = (ref: Ref, client: ApiClient = apiClient): Promise<VotingView> =>
  client.send(ops.postLaunchpadByIdVotingByVOptionByOVote, votingView, { path: path(ref) });

/** `DELETE …/option/{o}/vote`: withdraw the approval of this option. */
export const withdrawOptionVote = (ref: Ref, client: ApiClient = apiClient): Promise<VotingView> =>
  client.send(ops.deleteLaunchpadByIdVotingByVOptionByOVote, votingView, { path: path(ref) });
