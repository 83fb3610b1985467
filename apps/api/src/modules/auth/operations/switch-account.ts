import type { SwitchedAccount } from '@bw/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { findLinkedAccounts } from '../../linked-accounts/linked-accounts.repo.js';
import { passesSessionCheck, startSession } from '../session-store.js';

/**
 * `POST auth/switchSession {destinationPlatform: <partner id>}` (spec sections 2 and 7, ADR 0035): the
 * session moves to the caller's account at that partner without a password. As at every login, the
 * old session ends and a new session id and CSRF token are issued. Only the person's own accounts
 * (the registered one and its copy-me copies) can be reached.
 */
export const switchAccount = async (
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  sessionUser: SessionUser,
  destinationPartnerId: string,
): Promise<SwitchedAccount> => {
  const linked = await findLinkedAccounts(app.db, sessionUser.userId);
  const target = linked.find((row) => row.user.partnerId === destinationPartnerId)?.user;
  if (!target || !passesSessionCheck(target)) throw new AppError('SWITCH_ACCOUNT_NOT_LINKED');
  const session = await startSession(app.db, request, reply, target, new Date());
  request.log.info({ userId: sessionUser.userId, targetUserId: target.id }, 'switch-account');
  return { ...session, platformProvider: target.partnerId };
};
