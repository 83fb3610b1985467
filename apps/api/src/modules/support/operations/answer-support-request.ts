import { type Db, supportRequests } from '@bw/db';
import { eq } from 'drizzle-orm';
import type { Outbox } from '../../../jobs/outbox.js';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, writeAudit } from '../../../platform/audit.js';
import { supportAnswerNotification } from '../../notifications/notification-texts.js';
import { notifyUser } from '../../notifications/notify-user.js';
import { toQueueItems } from '../support.repo.js';

/**
 * A staff member answers a request (`POST /admin/api/v1/support/requests/:id/answer`): the answer
 * goes into the user's inbox (and by the user's e-mail setting for support), the request leaves
 * the open queue, the audit log has it: one transaction.
 */
export const answerSupportRequest = (deps: { db: Db; outbox: Outbox }, actor: Actor, id: string, answer: string) =>
  deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(supportRequests).where(eq(supportRequests.id, id)).for('update');
    if (!before) throw new AppError('SUPPORT_REQUEST_NOT_FOUND');
    const [after] = await tx
      .update(supportRequests)
      .set({
        status: 'answered',
        answer,
        answeredBy: actor.kind === 'staff' ? actor.staffId : `system:${actor.name}`,
        answeredAt: new Date(),
      })
      .where(eq(supportRequests.id, id))
      .returning();
    if (!after) throw new AppError('SUPPORT_REQUEST_NOT_FOUND');
    if (before.userId) {
      await notifyUser(
        tx,
        deps.outbox,
        supportAnswerNotification({
          userId: before.userId,
          // One notification per answer: a second answer to the same request is its own.
          requestId: `${id}:${after.answeredAt?.getTime() ?? 0}`,
          subject: before.subject ?? 'Deine Anfrage',
          answer,
        }),
      );
    }
    await writeAudit(tx, actor, {
      action: 'support.answer',
      targetType: 'support_request',
      targetId: id,
      before: { status: before.status, answer: before.answer },
      after: { status: after.status, answer: after.answer },
    });
    const [item] = await toQueueItems(tx, [after]);
    return item as NonNullable<typeof item>;
  });
