import { defaultNotificationSetting, NOTIFICATION_SOCKET_EVENT, type NotificationType } from '@bw/contracts';
import { type Db, notificationSettings, notifications, pushTokens, users } from '@bw/db';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob, type JobContext, type JobDefinition } from '../../jobs/registry.js';
import { parsePushToken } from '../../providers/push/push-provider.js';
import { composeEmail } from '../auth/emails/layout.js';
import { brandOf } from '../auth/emails/send-account-email.js';
import { countUnread } from './notifications.repo.js';

export const DELIVER_NOTIFICATION_TOPIC = 'notifications.deliver';

const settingFor = async (db: Db, userId: string, type: NotificationType) => {
  const [row] = await db
    .select({ push: notificationSettings.push, email: notificationSettings.email })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.type, type)));
  return row ?? defaultNotificationSetting(type);
};

type Loaded = { notification: typeof notifications.$inferSelect; email: string };

const pushToDevices = async ({ db, providers, log }: JobContext, { notification, email }: Loaded) => {
  const devices = await db.select().from(pushTokens).where(eq(pushTokens.userId, notification.userId));
  for (const device of devices) {
    const target = parsePushToken(device.token);
    if (!target) continue;
    const result = await providers.push.send(target, {
      idempotencyKey: `push:${notification.id}:${device.id}`,
      recipient: email,
      title: notification.title,
      body: notification.body,
      link: notification.link,
    });
    if (result.gone) {
      log.info({ deviceId: device.deviceId }, 'push subscription gone, forgotten');
      await db.delete(pushTokens).where(eq(pushTokens.id, device.id));
    }
  }
};

/**
 * After the event committed: the unread count to the user's open screens (socket event
 * `notification`), a push to each device where the user enabled push for this type, and an
 * e-mail where e-mail is on (the fallback for important events). Every send is keyed by the
 * notification, so a retry sends nothing twice.
 */
export const deliverNotificationJob = defineJob({
  name: DELIVER_NOTIFICATION_TOPIC,
  payload: z.object({ notificationId: z.uuid() }),
  retry: { limit: 5, delaySeconds: 2, backoff: true },
  handler: async (input, context) => {
    const { db, bus, providers } = context;
    const [row] = await db
      .select({ notification: notifications, email: users.email, partnerId: users.partnerId })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.id, input.notificationId));
    if (!row) return;
    const unreadCount = await countUnread(db, row.notification.userId);
    bus.publishUserEvent(row.email, NOTIFICATION_SOCKET_EVENT, { unreadCount, id: row.notification.id });
    const setting = await settingFor(db, row.notification.userId, row.notification.type as NotificationType);
    if (setting.push) await pushToDevices(context, row);
    if (setting.email) {
      await providers.email.send({
        idempotencyKey: `notification-email:${row.notification.id}`,
        to: row.email,
        ...composeEmail(await brandOf(db, row.partnerId), {
          subject: row.notification.title,
          paragraphs: [row.notification.body, 'Du findest diese Mitteilung auch in deinem Postfach.'],
        }),
      });
    }
  },
});

export const notificationJobs: JobDefinition[] = [deliverNotificationJob as JobDefinition];
