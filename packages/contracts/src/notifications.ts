import { normalizePhone } from '@bw/domain';
import { z } from 'zod';
import { attachmentIds, fileRef } from './files.js';

/** Spec section 9: the notification page size. */
export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_MAX_PAGE_SIZE = 50;

/**
 * Spec section 3: notification types forum, payout, vat, text; plus what the product emits
 * (issues 23 and 35): purchase settled, offer settled, distribution paid, bonus credited,
 * identification and appropriateness verdicts, document ready, a support answer. `payout` is
 * the payment account's type: pay-ins, payouts, corrections and fee refunds (ADR 0026 addendum).
 */
export const notificationTypes = [
  'forum',
  'payout',
  'vat',
  'text',
  'purchase',
  'offer',
  'distribution',
  'bonus',
  'identification',
  'appropriateness',
  'document',
  'support',
] as const;
export const notificationType = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationType>;

export const notificationItem = z.object({
  id: z.uuid(),
  /** The keyset cursor: pass the last item's `cursor` as `cursor` to get the next page. */
  cursor: z.string(),
  type: notificationType,
  event: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  data: z.record(z.string(), z.string()),
  sentDate: z.string(),
  seen: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationListQuery = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(NOTIFICATION_MAX_PAGE_SIZE).default(NOTIFICATION_PAGE_SIZE),
  /**
   * Keyset paging (ADR 0026): the `cursor` of the last item the client holds. Page N then starts
   * right after it, however many notifications arrived since page 0.
   */
  cursor: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export const notificationPage = z.object({
  items: z.array(notificationItem),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The cursor for the next page, or null when this was the last one. */
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPage>;

export const notificationIdParams = z.object({ id: z.uuid({ error: 'Diese Mitteilung gibt es nicht.' }) });
export const notificationSeenResult = z.object({ id: z.uuid(), seen: z.literal(true), unreadCount: z.number().int() });

/** The socket event that carries the unread count (issue 23), next to spec section 4's `update`. */
export const NOTIFICATION_SOCKET_EVENT = 'notification';
export const notificationSocketPayload = z.object({ unreadCount: z.number().int(), id: z.uuid().optional() });

export const notificationSetting = z.object({ type: notificationType, push: z.boolean(), email: z.boolean() });
export type NotificationSetting = z.infer<typeof notificationSetting>;
export const notificationSettings = z.object({ settings: z.array(notificationSetting) });
export const notificationSettingsBody = z.object({ settings: z.array(notificationSetting).min(1).max(20) });

/**
 * Channels (spec section 7): an asset's news, forum or price alerts, written `<assetId>` (all three)
 * or `<assetId>:<topic>`.
 */
export const channelTopics = ['news', 'forum', 'priceAlerts'] as const;
export const channelParams = z.object({
  x: z
    .string()
    .min(1)
    .max(120)
    .regex(/^[A-Za-z0-9_-]+(:(news|forum|priceAlerts))?$/, { error: 'Diesen Kanal gibt es nicht.' }),
});
export const channelState = z.object({
  channel: z.string(),
  assetId: z.string(),
  topics: z.array(z.enum(channelTopics)),
  subscribed: z.boolean(),
});
export type ChannelState = z.infer<typeof channelState>;

/** `POST /api/v1/user/pushToken {pushToken}`: a Web Push subscription (JSON) or an FCM token. */
export const PUSH_TOKEN_MAX_LENGTH = 4096;
export const pushTokenBody = z.object({
  pushToken: z.string().min(1).max(PUSH_TOKEN_MAX_LENGTH),
  deviceId: z.string().min(1).max(100).optional(),
});
export const pushTokenResult = z.object({ kind: z.enum(['webpush', 'fcm']), deviceId: z.string() });
export const pushPublicKey = z.object({ vapidPublicKey: z.string().nullable() });

export const notificationErrors = {
  NOTIFICATION_NOT_FOUND: { status: 404 },
  CHANNEL_NOT_FOUND: { status: 404 },
  PUSH_TOKEN_INVALID: { status: 400 },
  SUPPORT_REQUEST_NOT_FOUND: { status: 404 },
} as const;

/* ---- Support (spec sections 2, 7): question search, write us, call back ---- */

export const SUPPORT_MESSAGE_MAX_LENGTH = 4000;
export const SUPPORT_QUERY_MAX_LENGTH = 200;
export const SUPPORT_RESULTS_LIMIT = 10;

export const supportQuestionsQuery = z.object({
  q: z.string().trim().max(SUPPORT_QUERY_MAX_LENGTH).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(SUPPORT_RESULTS_LIMIT),
});
export const supportQuestion = z.object({
  id: z.number().int(),
  category: z.string(),
  question: z.string(),
  answer: z.string(),
});
export const supportQuestions = z.object({ questions: z.array(supportQuestion), total: z.number().int() });
export type SupportQuestion = z.infer<typeof supportQuestion>;

export const supportRequestBody = z.object({
  subject: z
    .string()
    .trim()
    .min(1, { error: 'Gib einen Betreff ein.' })
    .max(200, { error: 'Der Betreff ist zu lang.' }),
  message: z
    .string()
    .trim()
    .min(1, { error: 'Schreib uns deine Nachricht.' })
    .max(SUPPORT_MESSAGE_MAX_LENGTH, { error: 'Die Nachricht ist zu lang.' }),
  /** Ids of the caller's own files from `POST /api/v1/data/file`. */
  attachments: attachmentIds,
});
export type SupportRequestBody = z.infer<typeof supportRequestBody>;

/** Call back: Monday (1) to Friday (5). */
export const supportWeekdays = [1, 2, 3, 4, 5] as const;
export const supportTimeWindows = ['08-10', '10-12', '12-14', '14-16', '16-18'] as const;

export const phoneRequestBody = z.object({
  weekday: z.coerce
    .number({ error: 'Wähle einen Wochentag von Montag bis Freitag.' })
    .int({ error: 'Wähle einen Wochentag von Montag bis Freitag.' })
    .min(1, { error: 'Wähle einen Wochentag von Montag bis Freitag.' })
    .max(5, { error: 'Wähle einen Wochentag von Montag bis Freitag.' }),
  timeWindow: z.enum(supportTimeWindows, { error: 'Wähle ein Zeitfenster.' }),
  phone: z
    .string()
    .trim()
    .max(30, { error: 'Die Telefonnummer ist nicht gültig.' })
    .superRefine((value, context) => {
      const result = normalizePhone(value);
      if (!result.ok)
        context.addIssue({
          code: 'custom',
          message:
            result.reason === 'digitsOnly' ? 'Es sind nur Zahlen erlaubt.' : 'Die Telefonnummer ist nicht gültig.',
        });
    }),
  message: z.string().trim().max(SUPPORT_MESSAGE_MAX_LENGTH, { error: 'Die Nachricht ist zu lang.' }).default(''),
});
export type PhoneRequestBody = z.infer<typeof phoneRequestBody>;

export const supportRequestResult = z.object({ id: z.uuid(), kind: z.enum(['message', 'callback', 'feedback']) });

export const supportQueueItem = z.object({
  id: z.uuid(),
  kind: z.enum(['message', 'callback', 'feedback']),
  email: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  weekday: z.number().int().nullable(),
  timeWindow: z.string().nullable(),
  phone: z.string().nullable(),
  /** Feedback only (ADR 0033): 1 to 5 stars. */
  rating: z.number().int().nullable(),
  status: z.enum(['open', 'answered']),
  answer: z.string().nullable(),
  attachments: z.array(fileRef),
  createdAt: z.string(),
});
export type SupportQueueItem = z.infer<typeof supportQueueItem>;
export const supportQueue = z.object({ items: z.array(supportQueueItem) });
export const supportQueueQuery = z.object({ status: z.enum(['open', 'answered', 'all']).default('open') });
export const supportAnswerBody = z.object({
  answer: z
    .string()
    .trim()
    .min(1, { error: 'Schreib eine Antwort.' })
    .max(SUPPORT_MESSAGE_MAX_LENGTH, { error: 'Die Antwort ist zu lang.' }),
});

/**
 * Spec section 9, "push registration happens only when enabled": push is off until the user turns
 * it on. E-mail is on for every event that moves money or shares and for documents; the
 * identification result has its own e-mail already (spec section 4), and the appropriateness
 * result is shown on screen when the questionnaire is sent, so both are inbox-only by default.
 */
const emailByDefault: ReadonlySet<NotificationType> = new Set([
  'payout',
  'vat',
  'purchase',
  'offer',
  'distribution',
  'bonus',
  'document',
  'support',
]);
export const defaultNotificationSetting = (type: NotificationType): NotificationSetting => ({
  type,
  push: false,
  email: emailByDefault.has(type),
});
