import type { Db } from '@bw/db';
import { AppError } from '../../../lib/app-error.js';
import { safeEqual, sha256 } from '../../auth/secrets.js';
import { audit, findLiveApp, findUserByEmail, setUserType, updateApp } from '../security-app.repo.js';

/**
 * `POST api/v1/securityApp/disconnect` (spec sections 4, 7): removing a linked app needs the
 * recovery secret from the recovery file exported at linking. Any failure answers the spec's
 * 'An error has occurred. Please write us...' (section 8): support can reset a lost app.
 */
export const disconnectSecurityApp = async (
  db: Db,
  input: { userId: string; recoverySecret: string | undefined; actor: string },
  now = new Date(),
): Promise<void> =>
  db.transaction(async (tx) => {
    const live = await findLiveApp(tx, input.userId);
    if (!live) throw new AppError('SECURITY_APP_UNLINK_FAILED');
    if (live.status === 'active') {
      const secret = input.recoverySecret ?? '';
      if (!live.recoveryHash || !secret || !safeEqual(sha256(secret), live.recoveryHash))
        throw new AppError('SECURITY_APP_UNLINK_FAILED');
    }
    await updateApp(tx, live.id, {
      status: 'disconnected',
      disconnectedAt: now,
      disconnectReason: 'user',
      deviceTokenHash: null,
      pairingCodeHash: null,
    });
    await setUserType(tx, input.userId, 'user');
    await audit(tx, { userId: input.userId, securityAppId: live.id, action: 'disconnected', actor: input.actor });
  });

/**
 * Support resets a lost app (spec section 4) without the recovery file, after checking the
 * person by other means; audited with the operator's name and reason.
 */
export const resetSecurityApp = async (
  db: Db,
  input: { email: string; operator: string; reason: string },
  now = new Date(),
): Promise<{ userId: string; email: string; reset: boolean }> =>
  db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, input.email);
    if (!user) throw new AppError('NOT_FOUND');
    const live = await findLiveApp(tx, user.id);
    if (live) {
      await updateApp(tx, live.id, {
        status: 'disconnected',
        disconnectedAt: now,
        disconnectReason: 'support',
        deviceTokenHash: null,
        pairingCodeHash: null,
      });
      await setUserType(tx, user.id, 'user');
    }
    await audit(tx, {
      userId: user.id,
      securityAppId: live?.id ?? null,
      action: live ? 'support-reset' : 'support-reset-nothing-linked',
      actor: `support:${input.operator}`,
      detail: { reason: input.reason },
    });
    return { userId: user.id, email: user.email, reset: live !== null };
  });
