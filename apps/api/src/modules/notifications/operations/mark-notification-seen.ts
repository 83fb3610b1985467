import { NOTIFICATION_SOCKET_EVENT } from '@bw/contracts';
import type { Db } from '@bw/db';
import { AppError } from '../../../lib/app-error.js';
import type { EventBus } from '../../../lib/event-bus.js';
import { countUnread, markNotificationSeen } from '../notifications.repo.js';

/**
 * `POST /api/v1/notification/{id}/seen` (spec section 4): sets seen and lowers the unread count,
 * which goes to the user's other open screens too. Another user's id is as unknown as a made-up one.
 */
export const markSeen = async (
  deps: { db: Db; bus: EventBus },
  user: { userId: string; email: string },
  id: string,
  now: Date,
): Promise<{ id: string; seen: true; unreadCount: number }> => {
  const found = await markNotificationSeen(deps.db, { userId: user.userId, id, now });
  if (!found) throw new AppError('NOTIFICATION_NOT_FOUND');
  const unreadCount = await countUnread(deps.db, user.userId);
  deps.bus.publishUserEvent(user.email, NOTIFICATION_SOCKET_EVENT, { unreadCount });
  return { id, seen: true, unreadCount };
};
