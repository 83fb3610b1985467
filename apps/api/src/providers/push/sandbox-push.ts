import type { Db } from '@bw/db';
import webpush from 'web-push';
import { createSandboxPushChannel } from '../messaging/sandbox-messaging.js';
import type { PushProvider } from './push-provider.js';

/**
 * The sandbox push service (issue 23): behaves like the real one towards the platform (an
 * idempotent send per key, a target per device) and records every push in the development mailbox
 * under the user's e-mail, channel `push`. It still hands browsers a VAPID key (configured, or one
 * made at start) so the web app's subscribe step runs as it does against the real service.
 */
export const createSandboxPush = (db: Db, vapidPublicKey: string | null): PushProvider => {
  const record = createSandboxPushChannel(db);
  const publicKey = vapidPublicKey ?? webpush.generateVAPIDKeys().publicKey;
  return {
    vapidPublicKey: publicKey,
    send: async (target, message) =>
      record({
        idempotencyKey: message.idempotencyKey,
        to: message.recipient,
        subject: message.title,
        text: `${message.body}${message.link ? `\n${message.link}` : ''}\n[${target.kind}]`,
      }),
  };
};
