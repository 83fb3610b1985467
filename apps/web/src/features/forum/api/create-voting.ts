import * as ops from '@bw/api-client/operations';
import { type CreateVotingBody, type VotingView, votingView } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `POST /launchpad/api/v1/voting`: a holder suggests a voting (and supports it). */
export const createVoting = (body: CreateVotingBody, client: ApiClient = apiClient): Promise<VotingView> =>
  client.send(ops.postLaunchpadVoting, votingView, { body });
