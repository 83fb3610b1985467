import { type AcceptTermsBody, TERMS_KINDS, type UserWithOnboarding } from '@bw/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { type TermsAcceptanceChange, upsertTermsAcceptance } from '../onboarding.repo.js';
import { termsColumn } from '../onboarding-state.js';
import { respondWithUser } from './respond-with-user.js';

/**
 * `PUT /api/v2/user/complianceInformation/terms` (spec sections 3 and 5): every checkbox shown must
 * be ticked; the server stamps each accepted document with the current time and keeps the
 * request's address. Nothing is stored when one is not accepted.
 */
export const acceptTerms = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  body: AcceptTermsBody,
  ipAddress: string,
): Promise<UserWithOnboarding> => {
  const refused = TERMS_KINDS.filter((kind) => body[kind] === false);
  if (refused.length > 0) {
    throw new AppError(
      'TERMS_NOT_ACCEPTED',
      Object.fromEntries(refused.map((kind) => [`body.${kind}`, 'Bitte akzeptiere diese Bedingungen.'])),
    );
  }
  const now = new Date();
  const change: TermsAcceptanceChange = { ipAddress };
  for (const kind of TERMS_KINDS) if (body[kind] === true) change[termsColumn(kind)] = now;
  await upsertTermsAcceptance(app.db, sessionUser.userId, change);
  return respondWithUser(app, sessionUser, 'complianceInformation');
};
