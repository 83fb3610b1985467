import * as ops from '@bw/api-client/operations';
import { type ForumMessage, forumMessage } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `PUT /launchpad/api/v1/message/{messageId}`: the author edits within 15 minutes. */
export const editMessage = (messageId: string, text: string, client: ApiClient = apiClient): Promise<ForumMessage> =>
  client.send(ops.putLaunchpadMessageByMessageId, forumMessage, { path: { messageId }, body: { text } });
