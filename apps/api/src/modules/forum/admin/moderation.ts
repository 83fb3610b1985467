import type { ModerationQueue } from '@bw/contracts';
import type { Db } from '@bw/db';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, writeAudit } from '../../../platform/audit.js';
import { listOpenComplaints, lockMessage, resolveComplaints, setMessageHidden } from '../forum.repo.js';

const QUEUE_LIMIT = 200;

/** The moderation queue: open complaints, oldest first, with the message they concern. */
export const moderationQueueView = async (db: Db): Promise<ModerationQueue> => ({
  complaints: (await listOpenComplaints(db, QUEUE_LIMIT)).map((row) => ({
    id: row.id,
    messageId: row.messageId,
    assetId: row.assetId,
    messageText: row.messageText,
    messageAuthor: row.messageAuthor,
    messageHidden: row.hiddenAt !== null,
    reason: row.reason,
    complainant: row.complainant,
    createdAt: row.createdAt.toISOString(),
  })),
});

/**
 * Staff hide or restore a message with a reason (issue 24): the message keeps its text, investors
 * see that it was hidden; its open complaints are resolved; one audit row (ADR 0019).
 */
export const moderateMessage = async (
  deps: { db: Db },
  actor: Actor,
  input: { messageId: string; hide: boolean; reason: string },
) =>
  deps.db.transaction(async (tx) => {
    const message = await lockMessage(tx, input.messageId);
    if (!message) throw new AppError('FORUM_MESSAGE_NOT_FOUND');
    if ((message.hiddenAt !== null) === input.hide) throw new AppError('FORUM_MODERATION_NOT_NEEDED');
    await setMessageHidden(tx, message.id, input.hide, input.reason);
    const resolvedComplaints = await resolveComplaints(
      tx,
      message.id,
      `${input.hide ? 'hidden' : 'restored'}: ${input.reason}`,
    );
    await writeAudit(tx, actor, {
      action: input.hide ? 'forum.message.hide' : 'forum.message.restore',
      targetType: 'forum_message',
      targetId: message.id,
      before: { hidden: message.hiddenAt !== null, reason: message.hiddenReason },
      after: { hidden: input.hide, reason: input.reason, resolvedComplaints },
    });
    return { messageId: message.id, hidden: input.hide, resolvedComplaints };
  });
