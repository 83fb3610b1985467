import type { LinkSecurityAppResult } from '@bw/contracts';
import type { Db } from '@bw/db';
import { AppError } from '../../../lib/app-error.js';
import { randomToken, sha256 } from '../../auth/secrets.js';
import { normalizePairingCode, parseEd25519PublicKey } from '../ed25519.js';
import {
  audit,
  findPendingPairing,
  findUserContact,
  publicKeyInUseElsewhere,
  setUserType,
  updateApp,
} from '../security-app.repo.js';

/**
 * Step 2 of linking: the provider's app sends the pairing code and the public key it just
 * generated; it gets its device token and the recovery secret for its recovery file, both once.
 */
export const linkSecurityApp = async (
  db: Db,
  input: { pairingCode: string; publicKey: string },
  now = new Date(),
): Promise<LinkSecurityAppResult & { email: string }> => {
  const key = parseEd25519PublicKey(input.publicKey);
  if (!key) throw new AppError('SECURITY_APP_LINKING_FAILED');
  return db.transaction(async (tx) => {
    const pairing = await findPendingPairing(tx, sha256(normalizePairingCode(input.pairingCode)));
    if (!pairing?.pairingExpiresAt || pairing.pairingExpiresAt <= now) throw new AppError('PAIRING_CODE_INVALID');
    if (await publicKeyInUseElsewhere(tx, key.base64url, pairing.userId))
      throw new AppError('SECURITY_APP_LINKING_FAILED');
    const deviceToken = randomToken();
    const recoverySecret = randomToken();
    const app = await updateApp(tx, pairing.id, {
      status: 'active',
      publicKey: key.base64url,
      deviceTokenHash: sha256(deviceToken),
      recoveryHash: sha256(recoverySecret),
      pairingCodeHash: null,
      pairingExpiresAt: null,
      linkedAt: now,
    });
    await setUserType(tx, app.userId, 'user');
    await audit(tx, { userId: app.userId, securityAppId: app.id, action: 'linked', actor: 'security-app' });
    const user = await findUserContact(tx, app.userId);
    if (!user) throw new AppError('PAIRING_CODE_INVALID');
    return { securityAppId: app.id, userId: app.userId, deviceToken, recoverySecret, email: user.email };
  });
};
