import type { ComplaintBody } from '@bw/contracts';
import type { Db } from '@bw/db';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { findMessage, insertComplaint } from '../forum.repo.js';
import { requireForumReader } from './forum-access.js';

/** POST complaint: any reader of the forum reports a message to the back office's moderation queue. */
export const fileComplaint = async (db: Db, user: SessionUser, body: ComplaintBody) => {
  const message = await findMessage(db, body.messageId);
  if (!message) throw new AppError('FORUM_MESSAGE_NOT_FOUND');
  await requireForumReader(db, user, message.assetId);
  return insertComplaint(db, { messageId: message.id, userId: user.userId, reason: body.reason });
};
