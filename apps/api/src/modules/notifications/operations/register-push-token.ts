import { createHash } from 'node:crypto';
import { type Db, pushTokens } from '@bw/db';
import { AppError } from '../../../lib/app-error.js';
import { parsePushToken } from '../../../providers/push/push-provider.js';

/**
 * `POST /api/v1/user/pushToken {pushToken}` (spec section 7): one token per device; the same
 * device again replaces its token. Without a device id the token itself names the device (a Web
 * Push subscription's endpoint is unique per browser profile).
 */
export const registerPushToken = async (
  db: Db,
  userId: string,
  input: { pushToken: string; deviceId?: string | undefined },
  now: Date,
): Promise<{ kind: 'webpush' | 'fcm'; deviceId: string }> => {
  const target = parsePushToken(input.pushToken);
  if (!target) throw new AppError('PUSH_TOKEN_INVALID');
  const identity = target.kind === 'webpush' ? target.subscription.endpoint : target.token;
  const deviceId =
    input.deviceId ?? `${target.kind}:${createHash('sha256').update(identity).digest('hex').slice(0, 32)}`;
  await db
    .insert(pushTokens)
    .values({ userId, deviceId, kind: target.kind, token: input.pushToken.trim(), updatedAt: now })
    .onConflictDoUpdate({
      target: [pushTokens.userId, pushTokens.deviceId],
      set: { kind: target.kind, token: input.pushToken.trim(), updatedAt: now },
    });
  return { kind: target.kind, deviceId };
};
