import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../../plugins/session-user.js';
import { useBonusCode } from './bonuses.js';

/** `POST /api/v1/bonus/bonusCode/use/{code}`: redeem once; the bonus then applies at checkout. */
export const redeemBonusCode = async (
  app: FastifyInstance,
  user: Pick<SessionUser, 'userId' | 'email'>,
  code: string,
): Promise<{ bonus: Awaited<ReturnType<typeof useBonusCode>> }> => {
  const bonus = await useBonusCode(app.db, user.userId, code);
  app.bus.publishUserUpdate(user.email, 'bonus');
  return { bonus };
};
