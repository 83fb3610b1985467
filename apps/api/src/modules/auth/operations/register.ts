import type { Db } from '@bw/db';
import { EMAIL_REQUEST_THROTTLE, VERIFY_EMAIL_TTL_MS } from '@bw/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppConfig, publicUrl } from '../../../config.js';
import { AppError } from '../../../lib/app-error.js';
import { resolvePartner } from '../../partners/operations/resolve-partner.js';
import { findUserByEmail, findUserById, insertUser, type UserRow } from '../../users/users.repo.js';
import { insertAuthToken, retireOpenTokens, serverSecret } from '../auth.repo.js';
import { verificationEmail } from '../emails/auth-emails.js';
import { brandOf, queueAccountEmail } from '../emails/send-account-email.js';
import { hmacSha256, randomToken, safeEqual, sha256 } from '../secrets.js';
import { addressCheck, type ThrottleCheck, takeAttempts, throttleKey } from '../throttle.js';

const RESEND_SECRET = 'resend-token';

/** The registration draft's resendToken: the user id signed by the server, so it needs no table. */
const resendTokenFor = async (db: Db, userId: string): Promise<string> =>
  `${userId}.${hmacSha256(await serverSecret(db, RESEND_SECRET), userId)}`;

const userIdFromResendToken = async (db: Db, token: string): Promise<string | null> => {
  const [userId, signature] = token.split('.');
  if (!userId || !signature) return null;
  const expected = hmacSha256(await serverSecret(db, RESEND_SECRET), userId);
  return safeEqual(signature, expected) ? userId : null;
};

const verificationThrottle = (config: AppConfig, request: FastifyRequest, userId: string): ThrottleCheck[] => [
  { key: throttleKey('verify-mail-account', userId), rule: EMAIL_REQUEST_THROTTLE.perAccount },
  addressCheck(config, 'verify-mail-address', request.ip, EMAIL_REQUEST_THROTTLE.perAddress),
];

/** A new verification link (older ones die) and its e-mail, in one transaction. */
export const sendVerification = async (app: FastifyInstance, request: FastifyRequest, user: UserRow): Promise<void> => {
  const now = new Date();
  const checks = verificationThrottle(app.config, request, user.id);
  if (!(await takeAttempts(app.db, checks, now))) throw new AppError('SECURITY_LOCK');
  const token = randomToken();
  const brand = await brandOf(app.db, user.partnerId);
  await app.db.transaction(async (tx) => {
    await retireOpenTokens(tx, user.id, 'verify-email', now);
    await insertAuthToken(tx, {
      userId: user.id,
      purpose: 'verify-email',
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + VERIFY_EMAIL_TTL_MS),
    });
    const link = `${publicUrl(app.config)}/verify/${token}`;
    await queueAccountEmail(app, tx, `verify-email:${sha256(token)}`, user.email, verificationEmail(brand, link));
  });
};

/**
 * `POST /auth/register` (ADR 0003): the Email step. The account belongs to the partner of the
 * `x-partner-id` header. An address that registered but never confirmed gets a new link instead.
 */
export const register = async (
  app: FastifyInstance,
  request: FastifyRequest,
  body: { email: string; newsletter?: boolean; referralCode?: string; affiliatePartnerId?: string },
): Promise<{ userId: string; email: string; resendToken: string }> => {
  const partner = await resolvePartner(app.db, request);
  let user = await findUserByEmail(app.db, body.email);
  if (user?.emailVerifiedAt) throw new AppError('EMAIL_TAKEN');
  user ??= await insertUser(app.db, {
    email: body.email,
    partnerId: partner.partnerId,
    marketingNewsletter: body.newsletter ?? false,
    referralCode: body.referralCode || null,
    affiliatePartnerId: body.affiliatePartnerId || null,
  }).catch(async (error: unknown) => {
    // Two registrations of one address at once: the second finds the first.
    const existing = await findUserByEmail(app.db, body.email);
    if (!existing) throw error;
    return existing;
  });
  await sendVerification(app, request, user);
  return { userId: user.id, email: user.email, resendToken: await resendTokenFor(app.db, user.id) };
};

/** `POST /auth/register/resend`: the 'no email received' help of the EmailConfirmation step. */
export const resendVerification = async (
  app: FastifyInstance,
  request: FastifyRequest,
  resendToken: string,
): Promise<{ accepted: true }> => {
  const userId = await userIdFromResendToken(app.db, resendToken);
  const user = userId ? await findUserById(app.db, userId) : undefined;
  if (!user) throw new AppError('TOKEN_INVALID');
  if (user.emailVerifiedAt) throw new AppError('EMAIL_TAKEN');
  await sendVerification(app, request, user);
  return { accepted: true };
};
