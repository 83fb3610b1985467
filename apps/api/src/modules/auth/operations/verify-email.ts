import type { SessionInfo } from '@bw/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { findUserById, updateUser } from '../../users/users.repo.js';
import { passesSessionCheck, startSession } from '../session-store.js';
import { redeemLinkToken } from './tokens.js';

/**
 * `POST /auth/verify-email {token}` (ADR 0003): the `/verify/{token}` link. Confirms the address
 * and opens a session, so the NamePassword step can call `PUT /api/v2/user` and `PATCH /auth/set-password`.
 */
export const verifyEmail = async (
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): Promise<SessionInfo> => {
  const now = new Date();
  const row = await redeemLinkToken(app.db, token, ['verify-email'], now);
  const found = await findUserById(app.db, row.userId);
  const user = found && (found.emailVerifiedAt ? found : await updateUser(app.db, found.id, { emailVerifiedAt: now }));
  if (!user || !passesSessionCheck(user)) throw new AppError('TOKEN_INVALID');
  return startSession(app.db, request, reply, user, now);
};
