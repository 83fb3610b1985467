import type { Agent } from 'node:https';
import webpush from 'web-push';
import { ProviderError } from '../messaging/messaging-provider.js';
import type { FcmSender, PushMessage, PushProvider, PushResult, PushTarget } from './push-provider.js';

const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

/** The notification payload the service worker (apps/web/public/sw.js) shows. */
export const pushPayload = (message: PushMessage): string =>
  JSON.stringify({ title: message.title, body: message.body, link: message.link, tag: message.idempotencyKey });

/**
 * Web Push with the `web-push` library (VAPID, aes128gcm payload encryption, RFC 8030/8291/8292).
 * A 404 or 410 from the push service means the subscription is gone; 429 and 5xx are retried.
 */
export const createWebPushProvider = (options: {
  vapid: { publicKey: string; privateKey: string; subject: string };
  fcm: FcmSender | null;
  /** The HTTPS agent towards the push services (a proxy's, or a test's that trusts its own certificate). */
  agent?: Agent;
}): PushProvider => ({
  vapidPublicKey: options.vapid.publicKey,
  send: async (target: PushTarget, message: PushMessage): Promise<PushResult> => {
    if (target.kind === 'fcm') {
      if (!options.fcm) throw new ProviderError('No FCM sender configured', true);
      return options.fcm.send(target.token, message);
    }
    try {
      const result = await webpush.sendNotification(target.subscription, pushPayload(message), {
        vapidDetails: options.vapid,
        TTL: PUSH_TTL_SECONDS,
        timeout: PUSH_TIMEOUT_MS,
        contentEncoding: 'aes128gcm',
        ...(options.agent ? { agent: options.agent } : {}),
      });
      return { messageId: result.headers.location ?? `webpush-${message.idempotencyKey}`, duplicate: false };
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) return { messageId: '', duplicate: false, gone: true };
      const permanent = status !== undefined && status >= 400 && status < 500 && status !== 429;
      throw new ProviderError(`Web Push failed${status ? ` (${status})` : ''}`, permanent);
    }
  },
});
