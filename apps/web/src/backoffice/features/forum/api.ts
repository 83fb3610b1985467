import * as ops from '@bw/api-client/operations';
import { type ModerationQueue, moderationAnswer, moderationQueue } from '@bw/contracts';
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../../lib/admin-api';

export const moderationKey = ['backoffice', 'forum-moderation'] as const;

/** `GET /admin/api/v1/forum/complaints`: the open complaints, oldest first. */
export const useModerationQueue = () =>
  useQuery({
    queryKey: moderationKey,
    queryFn: (): Promise<ModerationQueue> => adminApi.get(ops.getAdminForumComplaints, moderationQueue),
  });

/** `POST /admin/api/v1/forum/messages/:id/{hide,restore}` with the reason (audited). */
export const moderateMessage = (messageId: string, action: 'hide' | 'restore', reason: string) =>
  adminApi.send(
    action === 'hide' ? ops.postAdminForumMessagesByIdHide : ops.postAdminForumMessagesByIdRestore,
    moderationAnswer,
    {
      path: { id: messageId },
      body: { reason },
    },
  );
