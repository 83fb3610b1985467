import { type PairingCodeResult, SECURITY_APP_BASE_PATH } from '@bw/contracts';
import type { Db } from '@bw/db';
import { lockUserScope } from '../../../lib/advisory-lock.js';
import { AppError } from '../../../lib/app-error.js';
import { sha256 } from '../../auth/secrets.js';
import { normalizePairingCode, randomPairingCode } from '../ed25519.js';
import { audit, findLiveApp, insertApp, SECURITY_APP_LOCK_SCOPE, updateApp } from '../security-app.repo.js';

/** A pairing code lives this long; the web app shows a new one after. */
export const PAIRING_CODE_TTL_SECONDS = 10 * 60;

/**
 * Step 1 of linking the provider's app (ADR 0007): the web app shows a short code; the app
 * enters it together with its new public key. Only one app at a time: an active one must be
 * removed first; a waiting pairing gets a fresh code.
 */
export const createPairing = async (db: Db, userId: string, now = new Date()): Promise<PairingCodeResult> =>
  db.transaction(async (tx) => {
    // Concurrent pairings of one user queue here: the first creates the waiting app, the others
    // give it a fresh code, none hits the one-live-app index (issue 18).
    await lockUserScope(tx, SECURITY_APP_LOCK_SCOPE, userId);
    const live = await findLiveApp(tx, userId);
    if (live?.status === 'active') throw new AppError('SECURITY_APP_ALREADY_LINKED');
    const pairingCode = randomPairingCode();
    const expiresAt = new Date(now.getTime() + PAIRING_CODE_TTL_SECONDS * 1000);
    const values = { pairingCodeHash: sha256(normalizePairingCode(pairingCode)), pairingExpiresAt: expiresAt };
    const row = live
      ? await updateApp(tx, live.id, values)
      : await insertApp(tx, { userId, kind: 'provider', status: 'new', createdAt: now, ...values });
    await audit(tx, { userId, securityAppId: row.id, action: 'pairing-created', actor: 'user' });
    return {
      pairingCode,
      expiresAt: expiresAt.toISOString(),
      linkUrl: `${SECURITY_APP_BASE_PATH}?code=${encodeURIComponent(pairingCode)}`,
    };
  });
