import type { PasskeyCeremony, PasskeyLoginBody, SessionInfo } from '@bw/contracts';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { randomToken } from '../../auth/secrets.js';
import { passesSessionCheck, startSession } from '../../auth/session-store.js';
import { addressCheck, takeAttempts } from '../../auth/throttle.js';
import { findUserById } from '../../users/users.repo.js';
import {
  deleteStaleCeremonies,
  findPasskey,
  insertCeremony,
  recordPasskeyUse,
  takeCeremony,
} from '../passkeys.repo.js';
import { CEREMONY_TIMEOUT_MS, CEREMONY_TTL_MS, relyingParty } from '../relying-party.js';

/** Per address: starting a ceremony writes a row, so a flood is cut off like other unauthenticated writes. */
const CEREMONY_THROTTLE = { max: 30, windowMs: 60_000 };

/**
 * `POST /auth/passkeys/login/options`: no e-mail asked, the browser offers the passkeys it holds for
 * this site (discoverable credentials), so the answer tells nothing about which accounts exist.
 */
export const startPasskeyLogin = async (app: FastifyInstance, request: FastifyRequest): Promise<PasskeyCeremony> => {
  const { rpID } = await relyingParty(request);
  const now = new Date();
  const check = addressCheck(app.config, 'passkey-ceremony', request.ip, CEREMONY_THROTTLE);
  if (!(await takeAttempts(app.db, [check], now))) throw new AppError('RATE_LIMITED');
  await deleteStaleCeremonies(app.db, now);
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: 'required',
    timeout: CEREMONY_TIMEOUT_MS,
  });
  const ceremonyId = randomToken();
  await insertCeremony(app.db, {
    id: ceremonyId,
    purpose: 'authentication',
    userId: null,
    challenge: options.challenge,
    expiresAt: new Date(now.getTime() + CEREMONY_TTL_MS),
  });
  // WebAuthn JSON: the contract keeps it open (looseObject) apart from the challenge it names.
  return { ceremonyId, options: options as unknown as PasskeyCeremony['options'] };
};

/** `POST /auth/passkeys/login`: verifies the assertion with the stored public key and opens a session. */
export const finishPasskeyLogin = async (
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: PasskeyLoginBody,
): Promise<SessionInfo> => {
  const { origin, rpID } = await relyingParty(request);
  const now = new Date();
  const challenge = await takeCeremony(app.db, body.ceremonyId, 'authentication', null, now);
  if (!challenge) throw new AppError('PASSKEY_CEREMONY_EXPIRED');
  const passkey = await findPasskey(app.db, body.credential.id);
  if (!passkey) throw new AppError('PASSKEY_UNKNOWN');
  const verification = await verifyAuthenticationResponse({
    response: body.credential as unknown as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
    credential: {
      id: passkey.id,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.signCount,
      transports: passkey.transports as AuthenticatorTransportFuture[],
    },
  }).catch(() => null);
  if (!verification?.verified) throw new AppError('PASSKEY_INVALID');
  const user = await findUserById(app.db, passkey.userId);
  if (!user || !passesSessionCheck(user)) throw new AppError('PASSKEY_UNKNOWN');
  await recordPasskeyUse(app.db, passkey.id, verification.authenticationInfo.newCounter, now);
  return startSession(app.db, request, reply, user, now);
};
