import type { SendResult } from '../messaging/messaging-provider.js';

/** What a push shows: title, text and the screen it opens. */
export type PushMessage = {
  /** Unique per delivery; a redelivery with the same key is sent once. */
  idempotencyKey: string;
  /** The user's e-mail: the sandbox files the push under it in the development mailbox. */
  recipient: string;
  title: string;
  body: string;
  link: string | null;
};

/** A browser's Web Push subscription as `PushSubscription.toJSON()` gives it. */
export type WebPushSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/**
 * Push to one device (issue 23). `webpush`: the token is a Web Push subscription (JSON); `fcm`:
 * the native shell's Firebase Cloud Messaging token. A token the push service reports as gone
 * answers `{ gone: true }`, so the caller forgets it.
 */
export type PushTarget = { kind: 'webpush'; subscription: WebPushSubscription } | { kind: 'fcm'; token: string };

export type PushResult = SendResult & { gone?: boolean };

export type PushProvider = {
  /** The VAPID public key browsers subscribe with; null when Web Push is not configured (sandbox). */
  readonly vapidPublicKey: string | null;
  send(target: PushTarget, message: PushMessage): Promise<PushResult>;
};

/** The native shell's push service (ADR 0031): an FCM HTTP v1 adapter implements this. */
export type FcmSender = { send(token: string, message: PushMessage): Promise<PushResult> };

/** Parses a `pushToken` as sent by the clients: a Web Push subscription's JSON, or else an FCM token. */
export const parsePushToken = (pushToken: string): PushTarget | null => {
  const trimmed = pushToken.trim();
  if (trimmed.startsWith('{')) {
    try {
      const value = JSON.parse(trimmed) as Partial<WebPushSubscription>;
      const endpoint = typeof value.endpoint === 'string' ? new URL(value.endpoint) : null;
      if (!endpoint || (endpoint.protocol !== 'https:' && endpoint.hostname !== '127.0.0.1')) return null;
      if (typeof value.keys?.p256dh !== 'string' || typeof value.keys.auth !== 'string') return null;
      return { kind: 'webpush', subscription: { endpoint: endpoint.toString(), keys: value.keys } };
    } catch {
      return null;
    }
  }
  // FCM registration tokens: URL-safe base64 with ':' separators, 100 to 4096 characters.
  return /^[A-Za-z0-9_:-]{100,4096}$/.test(trimmed) ? { kind: 'fcm', token: trimmed } : null;
};
