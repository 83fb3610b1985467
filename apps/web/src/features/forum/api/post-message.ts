import * as ops from '@bw/api-client/operations';
import { type ForumMessage, forumMessage, type PostMessageBody } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `POST /launchpad/api/v1/message`: a holder writes in the asset's forum. */
export const postMessage = (body: PostMessageBody, client: ApiClient = apiClient): Promise<ForumMessage> =>
  client.send(ops.postLaunchpadMessage, forumMessage, { body });
