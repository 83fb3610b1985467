import type { PasskeyView } from '@bw/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { deletePasskey, listPasskeys } from '../passkeys.repo.js';
import { toPasskeyView } from './views.js';

/** `GET /auth/passkeys`: the caller's passkeys, newest first. */
export const listOwnPasskeys = async (
  app: FastifyInstance,
  user: SessionUser,
): Promise<{ passkeys: PasskeyView[] }> => ({
  passkeys: (await listPasskeys(app.db, user.userId)).map(toPasskeyView),
});

/** `DELETE /auth/passkeys/:id`: the biometric login of that device ends; another user's id is not found. */
export const removeOwnPasskey = async (
  app: FastifyInstance,
  user: SessionUser,
  id: string,
): Promise<{ removed: true }> => {
  if (!(await deletePasskey(app.db, user.userId, id))) throw new AppError('NOT_FOUND');
  return { removed: true };
};
