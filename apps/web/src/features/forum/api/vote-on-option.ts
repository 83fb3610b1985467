import { type VotingView, votingView } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

type Ref = { assetId: string; votingId: string; optionId: string };
const path = ({ assetId, votingId, optionId }: Ref) =>
  `/launchpad/api/v1/${encodeURIComponent(assetId)}/voting/${encodeURIComponent(votingId)}/option/${encodeURIComponent(optionId)}/vote`;

/** `POST /launchpad/api/v1/{id}/voting/{v}/option/{o}/vote`: approve this option. */
export const voteForOption = (ref: Ref, client: ApiClient = apiClient): Promise<VotingView> =>
  client.send('POST', path(ref), {}, votingView);

/** `DELETE …/option/{o}/vote`: withdraw the approval of this option. */
export const withdrawOptionVote = (ref: Ref, client: ApiClient = apiClient): Promise<VotingView> =>
  client.send('DELETE', path(ref), undefined, votingView);
