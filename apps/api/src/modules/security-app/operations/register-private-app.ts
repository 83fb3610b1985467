import type { RegisterPrivateResult } from '@bw/contracts';
import type { Db } from '@bw/db';
import { lockUserScope } from '../../../lib/advisory-lock.js';
import { AppError } from '../../../lib/app-error.js';
import { randomToken, sha256 } from '../../auth/secrets.js';
import { parseEd25519PublicKey } from '../ed25519.js';
import {
  audit,
  findLiveApp,
  insertApp,
  publicKeyInUseElsewhere,
  SECURITY_APP_LOCK_SCOPE,
  setUserType,
  updateApp,
} from '../security-app.repo.js';

/**
 * `POST api/v1/securityApp/registerPrivate {publicKey}` (spec sections 6, 7): links a private
 * security app by its public key; the user becomes `privateUser` (private offers only). A bad
 * key answers 'Linking failed' (spec section 8).
 */
export const registerPrivateApp = async (
  db: Db,
  userId: string,
  publicKey: string,
  now = new Date(),
): Promise<RegisterPrivateResult> => {
  const key = parseEd25519PublicKey(publicKey);
  if (!key) throw new AppError('SECURITY_APP_LINKING_FAILED');
  return db.transaction(async (tx) => {
    // One linking step of a user at a time: concurrent calls queue here, the first links, the
    // others find it linked (409 'bereits verbunden'), none hits the one-live-app index.
    await lockUserScope(tx, SECURITY_APP_LOCK_SCOPE, userId);
    const live = await findLiveApp(tx, userId);
    if (live?.status === 'active') throw new AppError('SECURITY_APP_ALREADY_LINKED');
    if (await publicKeyInUseElsewhere(tx, key.base64url, userId)) throw new AppError('SECURITY_APP_LINKING_FAILED');
    // A pairing code still waiting for the provider's app gives way to the private app.
    if (live)
      await updateApp(tx, live.id, { status: 'disconnected', disconnectedAt: now, disconnectReason: 'replaced' });
    const recoverySecret = randomToken();
    const app = await insertApp(tx, {
      userId,
      kind: 'private',
      status: 'active',
      publicKey: key.base64url,
      recoveryHash: sha256(recoverySecret),
      linkedAt: now,
      createdAt: now,
    });
    await setUserType(tx, userId, 'privateUser');
    await audit(tx, { userId, securityAppId: app.id, action: 'linked-private', actor: 'user' });
    return { securityAppId: app.id, status: 'active', userType: 'privateUser', recoverySecret };
  });
};
