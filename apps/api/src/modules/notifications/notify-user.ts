import { type Db, notifications } from '@bw/db';
import { eq } from 'drizzle-orm';
import type { Outbox } from '../../jobs/outbox.js';
import type { JobContext } from '../../jobs/registry.js';
import { DELIVER_NOTIFICATION_TOPIC, deliverNotificationJob } from './notifications.jobs.js';
import { insertNotification, type NewNotification } from './notifications.repo.js';

export type { NewNotification } from './notifications.repo.js';

/**
 * The one call every module makes when something concerns a user (issue 23): run it inside the
 * transaction of the event itself, so the notification exists exactly when the event happened.
 * The inbox row commits with the event; its delivery (the unread count over the socket, push where
 * the user enabled it, e-mail as the fallback) is an outbox job that runs after the commit. The
 * same `key` twice is one notification, so a retried event does not notify twice.
 */
export const notifyUser = async (tx: Db, outbox: Outbox, input: NewNotification): Promise<string | null> => {
  const id = await insertNotification(tx, input);
  if (id) await outbox.enqueue(tx, DELIVER_NOTIFICATION_TOPIC, `notification:${input.key}`, { notificationId: id });
  return id;
};

/**
 * For an outbox job that is itself the event's delivery (e.g. `distributions.paid`, one per
 * holder of a run over 100,000 holders): the notification is written and delivered right here.
 * The key keeps a retried job to one notification; the delivery's sends are keyed as well.
 */
export const notifyUserFromJob = async (context: JobContext, input: NewNotification): Promise<string | null> => {
  const id =
    (await insertNotification(context.db, input)) ??
    (await context.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.key, input.key))
      .then((rows) => rows[0]?.id ?? null));
  if (id) await deliverNotificationJob.handler({ notificationId: id }, context);
  return id;
};
