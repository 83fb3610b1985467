import type { PasskeyCeremony, PasskeyRegistrationBody, PasskeyView } from '@bw/contracts';
import {
  type AuthenticatorTransportFuture,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { randomToken } from '../../auth/secrets.js';
import { findPartnerByPartnerId } from '../../partners/partners.repo.js';
import { findUserById } from '../../users/users.repo.js';
import { insertCeremony, insertPasskey, listPasskeys, takeCeremony } from '../passkeys.repo.js';
import { CEREMONY_TIMEOUT_MS, CEREMONY_TTL_MS, relyingParty } from '../relying-party.js';
import { toPasskeyView } from './views.js';

/** `POST /auth/passkeys/registration/options`: a discoverable, user-verified credential for this account. */
export const startPasskeyRegistration = async (
  app: FastifyInstance,
  request: FastifyRequest,
  sessionUser: SessionUser,
): Promise<PasskeyCeremony> => {
  const { rpID } = await relyingParty(request);
  const user = await findUserById(app.db, sessionUser.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const partner = await findPartnerByPartnerId(app.db, user.partnerId);
  const existing = await listPasskeys(app.db, user.id);
  const options = await generateRegistrationOptions({
    rpName: partner?.name ?? 'Brickwise',
    rpID,
    userName: user.email,
    userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    timeout: CEREMONY_TIMEOUT_MS,
    excludeCredentials: existing.map((row) => ({
      id: row.id,
      transports: row.transports as AuthenticatorTransportFuture[],
    })),
    // Spec section 2: "face or touch biometrics": the platform authenticator, with user verification.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const ceremonyId = randomToken();
  await insertCeremony(app.db, {
    id: ceremonyId,
    purpose: 'registration',
    userId: user.id,
    challenge: options.challenge,
    expiresAt: new Date(Date.now() + CEREMONY_TTL_MS),
  });
  // WebAuthn JSON: the contract keeps it open (looseObject) apart from the challenge it names.
  return { ceremonyId, options: options as unknown as PasskeyCeremony['options'] };
};

/** `POST /auth/passkeys/registration`: checks the attestation against the challenge and stores the key. */
export const finishPasskeyRegistration = async (
  app: FastifyInstance,
  request: FastifyRequest,
  sessionUser: SessionUser,
  body: PasskeyRegistrationBody,
): Promise<PasskeyView> => {
  const { origin, rpID } = await relyingParty(request);
  const now = new Date();
  const challenge = await takeCeremony(app.db, body.ceremonyId, 'registration', sessionUser.userId, now);
  if (!challenge) throw new AppError('PASSKEY_CEREMONY_EXPIRED');
  const verification = await verifyRegistrationResponse({
    response: body.credential as unknown as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw new AppError('PASSKEY_INVALID');
  const info = verification.registrationInfo;
  const [row] = await insertPasskey(app.db, {
    id: info.credential.id,
    userId: sessionUser.userId,
    publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
    signCount: info.credential.counter,
    transports: info.credential.transports ?? [],
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    label: body.label ?? 'Passkey',
    createdAt: now,
  });
  if (!row) throw new AppError('CONFLICT');
  return toPasskeyView(row);
};
