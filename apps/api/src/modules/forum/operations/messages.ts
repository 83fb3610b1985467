import { FORUM_MESSAGES_PAGE, type ForumMessage, type PostMessageBody } from '@bw/contracts';
import type { Db } from '@bw/db';
import type { SessionUser } from '../../../plugins/session-user.js';
import { insertMessage, listMessages, type MessageRow, sharesHeldNow } from '../forum.repo.js';
import { requireForumReader, requireHolder } from './forum-access.js';

const toView = (row: MessageRow, userId: string): ForumMessage => ({
  id: row.id,
  assetId: row.assetId,
  authorName: row.authorName,
  own: row.authorId === userId,
  text: row.hiddenAt ? '' : row.body,
  hidden: row.hiddenAt !== null,
  createdAt: row.createdAt.toISOString(),
  editedAt: row.editedAt?.toISOString() ?? null,
});

/** GET messages/{id}: newest first, a page at a time; `holder` tells the screen whether it may post. */
export const listForumMessages = async (db: Db, user: SessionUser, assetId: string, before: string | undefined) => {
  await requireForumReader(db, user, assetId);
  const rows = await listMessages(db, assetId, before ? new Date(before) : null, FORUM_MESSAGES_PAGE);
  const holder = (await sharesHeldNow(db, user.userId, assetId)) > 0n;
  return { messages: rows.map((row) => toView(row, user.userId)), holder };
};

/** POST message: holders of the asset write in its forum. */
export const postForumMessage = async (db: Db, user: SessionUser, body: PostMessageBody): Promise<ForumMessage> => {
  await requireHolder(db, user, body.assetId);
  const id = await insertMessage(db, { assetId: body.assetId, authorId: user.userId, body: body.text });
  const [row] = (await listMessages(db, body.assetId, null, FORUM_MESSAGES_PAGE)).filter((m) => m.id === id);
  if (!row) throw new Error('posted message not found');
  return toView(row, user.userId);
};
