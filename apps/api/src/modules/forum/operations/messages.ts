import { type FileRef, FORUM_MESSAGES_PAGE, type ForumMessage, type PostMessageBody } from '@bw/contracts';
import type { Db } from '@bw/db';
import { messageEditable } from '@bw/domain';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { filesAttachedTo } from '../../files/files.repo.js';
import { attachOwnFiles } from '../../files/operations/attach-files.js';
import {
  findMessage,
  insertMessage,
  listMessages,
  type MessageRow,
  sharesHeldNow,
  updateMessageBody,
} from '../forum.repo.js';
import { requireForumReader, requireHolder } from './forum-access.js';

const toView = (row: MessageRow, userId: string, attachments: FileRef[], now = new Date()): ForumMessage => ({
  id: row.id,
  assetId: row.assetId,
  authorName: row.authorName,
  own: row.authorId === userId,
  text: row.hiddenAt ? '' : row.body,
  hidden: row.hiddenAt !== null,
  createdAt: row.createdAt.toISOString(),
  editedAt: row.editedAt?.toISOString() ?? null,
  editable: row.authorId === userId && row.hiddenAt === null && messageEditable(row.createdAt, now),
  attachments: row.hiddenAt ? [] : attachments,
});

/** The views of a page of messages with their attachments (one query for the page). */
const toViews = async (db: Db, rows: MessageRow[], userId: string, now = new Date()): Promise<ForumMessage[]> => {
  const files = await filesAttachedTo(
    db,
    'forumMessage',
    rows.map((row) => row.id),
  );
  return rows.map((row) => toView(row, userId, files.get(row.id) ?? [], now));
};

/** One message as its author sees it right after writing (the newest page holds it). */
const messageView = async (db: Db, assetId: string, messageId: string, userId: string, now = new Date()) => {
  const rows = (await listMessages(db, assetId, null, FORUM_MESSAGES_PAGE)).filter((m) => m.id === messageId);
  const [view] = await toViews(db, rows, userId, now);
  if (!view) throw new Error('message not found after writing it');
  return view;
};

/**
 * GET messages/{id}: newest first, a page at a time (keyset: `cursor` is the `nextCursor` of the
 * page before); `holder` tells the screen whether it may post.
 */
export const listForumMessages = async (
  db: Db,
  user: SessionUser,
  assetId: string,
  query: { before?: string | undefined; cursor?: string | undefined },
) => {
  await requireForumReader(db, user, assetId);
  const [micros, id] = query.cursor ? query.cursor.split('_') : [];
  const rows = await listMessages(
    db,
    assetId,
    query.before ? new Date(query.before) : null,
    FORUM_MESSAGES_PAGE + 1,
    micros && id ? { micros, id } : null,
  );
  const page = rows.slice(0, FORUM_MESSAGES_PAGE);
  const last = page.at(-1);
  const holder = (await sharesHeldNow(db, user.userId, assetId)) > 0n;
  return {
    messages: await toViews(db, page, user.userId),
    holder,
    nextCursor: rows.length > FORUM_MESSAGES_PAGE && last ? `${last.micros}_${last.id}` : null,
  };
};

/** POST message: holders of the asset write in its forum. */
export const postForumMessage = async (db: Db, user: SessionUser, body: PostMessageBody): Promise<ForumMessage> => {
  await requireHolder(db, user, body.assetId);
  const id = await db.transaction(async (tx) => {
    const messageId = await insertMessage(tx, { assetId: body.assetId, authorId: user.userId, body: body.text });
    await attachOwnFiles(tx, user.userId, body.attachments, { kind: 'forumMessage', id: messageId });
    return messageId;
  });
  return messageView(db, body.assetId, id, user.userId);
};

/** PUT message/{messageId}: the author corrects a message within the edit window (15 minutes). */
export const editForumMessage = async (
  db: Db,
  user: SessionUser,
  messageId: string,
  text: string,
  now = new Date(),
): Promise<ForumMessage> => {
  const message = await findMessage(db, messageId);
  if (!message) throw new AppError('FORUM_MESSAGE_NOT_FOUND');
  await requireHolder(db, user, message.assetId);
  if (message.authorId !== user.userId) throw new AppError('FORUM_NOT_AUTHOR');
  if (message.hiddenAt || !messageEditable(message.createdAt, now)) throw new AppError('FORUM_EDIT_WINDOW_CLOSED');
  if (!(await updateMessageBody(db, messageId, user.userId, text, now))) throw new AppError('FORUM_EDIT_WINDOW_CLOSED');
  return messageView(db, message.assetId, messageId, user.userId, now);
};
