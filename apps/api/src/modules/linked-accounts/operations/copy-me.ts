import { type CopyMeAllowed, type CopyMeBody, type CopyMeResult, copyMeConsentText } from '@bw/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lockUserScope } from '../../../lib/advisory-lock.js';
import { AppError } from '../../../lib/app-error.js';
import { findPartnerByPartnerId } from '../../partners/partners.repo.js';
import { findUserById, insertUser } from '../../users/users.repo.js';
import { copyProfileParts, insertAccountCopy, originOf } from '../linked-accounts.repo.js';
import { copyMeRefusal, refusalError } from './copy-me-rules.js';

const loadUser = async (app: FastifyInstance, userId: string) => {
  const user = await findUserById(app.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
};

/** `POST /api/v2/user/copy-me/allowed {destinationPlatformProvider}` (spec section 7). */
export const copyMeAllowed = async (
  app: FastifyInstance,
  userId: string,
  destination: string,
): Promise<CopyMeAllowed> => {
  const reason = await copyMeRefusal(app.db, await loadUser(app, userId), destination);
  return { destinationPlatformProvider: destination, allowed: reason === null, reason };
};

/**
 * `POST /api/v2/user/copy-me` (spec section 7, ADR 0035): after the user's consent, a new account at the
 * destination partner with the verified profile (name, phone, personal data, tax ids and church tax,
 * identification result, knowledge and experience). Agreements, security app, payment account, payout
 * accounts, holdings, offers, bonuses and consents stay behind: nothing that moves money is copied.
 * Serialised per person, so a double click makes one copy and the second answers 409.
 */
export const copyMe = async (
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  body: CopyMeBody,
): Promise<CopyMeResult> => {
  if (!body.consent) throw new AppError('COPY_ME_CONSENT_REQUIRED');
  const now = new Date();
  return app.db.transaction(async (tx) => {
    const origin = await originOf(tx, userId);
    await lockUserScope(tx, 'copy-me', origin);
    const source = await findUserById(tx, userId);
    if (!source) throw new AppError('UNAUTHENTICATED');
    const refusal = await copyMeRefusal(tx, source, body.destinationPlatformProvider);
    if (refusal) throw refusalError(refusal);
    const partner = await findPartnerByPartnerId(tx, body.destinationPlatformProvider);
    if (!partner) throw new AppError('PARTNER_NOT_FOUND');
    const copy = await insertUser(tx, {
      email: source.email,
      partnerId: partner.partnerId,
      // The same person and the same secret; after a change the two passwords go their own ways.
      passwordHash: source.passwordHash,
      status: 'verified',
      userType: 'user',
      firstName: source.firstName,
      lastName: source.lastName,
      phone: source.phone,
      emailVerifiedAt: now,
    });
    const copiedParts = await copyProfileParts(tx, source, copy.id);
    await insertAccountCopy(tx, {
      originUserId: origin,
      sourceUserId: source.id,
      copyUserId: copy.id,
      destinationPartnerId: partner.partnerId,
      consentText: copyMeConsentText(partner.name),
      consentedAt: now,
      ipAddress: request.ip,
      copiedParts,
    });
    request.log.info({ userId: source.id, copyUserId: copy.id, partnerId: partner.partnerId }, 'copy-me');
    return { userId: copy.id, platformProvider: copy.partnerId, status: copy.status };
  });
};
