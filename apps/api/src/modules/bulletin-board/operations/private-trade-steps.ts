import type { BulletinOffer } from '@bw/contracts';
import type { PrivateTradeStep } from '@bw/domain';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../../plugins/session-user.js';
import { advancePrivateTrade, withdrawPrivateTrade } from './advance-private-trade.js';
import { getOffer } from './read-offers.js';

type Caller = Pick<SessionUser, 'userId'>;

/** `POST /api/v1/bulletinboard/offer/progress`: confirm the private trade's current step; answer the offer. */
export const confirmTradeStep = async (
  app: FastifyInstance,
  user: Caller,
  input: { tradeId: string; step: PrivateTradeStep },
): Promise<BulletinOffer> => {
  const now = new Date();
  const { offerId } = await advancePrivateTrade(app.db, app.outbox, { userId: user.userId, ...input, now });
  return getOffer(app.db, user.userId, offerId, now.getTime());
};

/** `POST /api/v1/bulletinboard/offer/withdraw`: leave a private trade before the payment step; answer the offer. */
export const leavePrivateTrade = async (
  app: FastifyInstance,
  user: Caller,
  tradeId: string,
): Promise<BulletinOffer> => {
  const { offerId } = await withdrawPrivateTrade(app.db, app.outbox, { userId: user.userId, tradeId });
  return getOffer(app.db, user.userId, offerId, Date.now());
};
