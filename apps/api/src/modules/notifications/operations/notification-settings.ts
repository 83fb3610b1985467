import { defaultNotificationSetting, type NotificationSetting, notificationTypes } from '@bw/contracts';
import type { Db } from '@bw/db';
import { readNotificationSettings, writeNotificationSettings } from '../notifications.repo.js';

/** Every type with the user's choice, or the default (push off, e-mail for important events). */
export const getNotificationSettings = async (db: Db, userId: string): Promise<NotificationSetting[]> => {
  const stored = new Map((await readNotificationSettings(db, userId)).map((row) => [row.type, row]));
  return notificationTypes.map((type) => {
    const row = stored.get(type);
    return row ? { type, push: row.push, email: row.email } : defaultNotificationSetting(type);
  });
};

export const saveNotificationSettings = async (
  db: Db,
  userId: string,
  settings: NotificationSetting[],
  now: Date,
): Promise<NotificationSetting[]> => {
  await db.transaction((tx) => writeNotificationSettings(tx, userId, settings, now));
  return getNotificationSettings(db, userId);
};
