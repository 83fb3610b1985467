import type { NotificationItem, NotificationSetting, NotificationType } from '@bw/contracts';
import { type Db, notificationSettings, notifications, queryRows } from '@bw/db';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';

export type NewNotification = {
  userId: string;
  /** Unique per event: the same key twice is one notification (a retried event). */
  key: string;
  type: NotificationType;
  /** What happened, e.g. `purchase.settled`; the client may choose an icon by it. */
  event: string;
  title: string;
  body: string;
  link?: string | null;
  data?: Record<string, string>;
};

type NotificationRow = typeof notifications.$inferSelect;

export const toNotificationItem = (row: NotificationRow): NotificationItem => ({
  id: row.id,
  cursor: row.seq.toString(),
  type: row.type as NotificationType,
  event: row.event,
  title: row.title,
  body: row.body,
  link: row.link,
  data: row.data,
  sentDate: row.sentDate.toISOString(),
  seen: row.seenAt !== null,
});

/** Inserts one notification; answers its id, or null when the key was already used. */
export const insertNotification = async (tx: Db, input: NewNotification): Promise<string | null> => {
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: input.userId,
      key: input.key,
      type: input.type,
      event: input.event,
      title: input.title,
      body: input.body,
      link: input.link ?? null,
      data: input.data ?? {},
    })
    .onConflictDoNothing({ target: notifications.key })
    .returning({ id: notifications.id });
  return row?.id ?? null;
};

/**
 * One page, newest first. With a cursor it is keyset paging (`seq < cursor`): a page starts right
 * after the last item the client holds, so notifications that arrive meanwhile never shift a page
 * (ADR 0026). Without one, page N is counted from the newest (the spec's bare `page`).
 */
export const listNotificationPage = (
  db: Db,
  input: { userId: string; offset: number; limit: number; cursor?: string | undefined },
): Promise<NotificationRow[]> => {
  const where = input.cursor
    ? and(eq(notifications.userId, input.userId), lt(notifications.seq, BigInt(input.cursor)))
    : eq(notifications.userId, input.userId);
  const query = db.select().from(notifications).where(where).orderBy(desc(notifications.seq)).limit(input.limit);
  return input.cursor ? query : query.offset(input.offset);
};

export const countUnread = async (db: Db, userId: string): Promise<number> => {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${userId} AND seen_at IS NULL`,
  );
  return row?.n ?? 0;
};

/** Sets `seen` once; answers false when the notification is not this user's (or does not exist). */
export const markNotificationSeen = async (db: Db, input: { userId: string; id: string; now: Date }) => {
  const [own] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, input.id), eq(notifications.userId, input.userId)));
  if (!own) return false;
  await db
    .update(notifications)
    .set({ seenAt: input.now })
    .where(and(eq(notifications.id, input.id), isNull(notifications.seenAt)));
  return true;
};

export const readNotificationSettings = (db: Db, userId: string) =>
  db
    .select({ type: notificationSettings.type, push: notificationSettings.push, email: notificationSettings.email })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));

export const writeNotificationSettings = async (db: Db, userId: string, settings: NotificationSetting[], now: Date) => {
  for (const setting of settings) {
    await db
      .insert(notificationSettings)
      .values({ userId, type: setting.type, push: setting.push, email: setting.email, updatedAt: now })
      .onConflictDoUpdate({
        target: [notificationSettings.userId, notificationSettings.type],
        set: { push: setting.push, email: setting.email, updatedAt: now },
      });
  }
};
