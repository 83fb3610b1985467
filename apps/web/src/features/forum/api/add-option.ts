import { type VotingOptionInput, type VotingView, votingView } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `POST /launchpad/api/v1/{id}/voting/{v}/option`: add an option before the vote starts. */
export const addOption = (
  ref: { assetId: string; votingId: string },
  body: VotingOptionInput,
  client: ApiClient = apiClient,
): Promise<VotingView> =>
  client.send(
    'POST',
    `/launchpad/api/v1/${encodeURIComponent(ref.assetId)}/voting/${encodeURIComponent(ref.votingId)}/option`,
    body,
    votingView,
  );
