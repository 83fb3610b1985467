import type { BulletinOffer, BulletinTrade } from '@bw/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { getOffer } from './read-offers.js';
import { takeOffer } from './take-offer.js';

/**
 * `POST /api/v1/bulletinboard/offer/interestedParty`: take all or part of an open offer; the
 * taker's signing request is announced, and the answer is the offer with the new trade.
 */
export const registerInterest = async (
  app: FastifyInstance,
  user: Pick<SessionUser, 'userId' | 'email'>,
  input: {
    offerId: string;
    shares?: number | undefined;
    acceptedWarnings?: readonly string[] | undefined;
    acknowledgedAppropriateness?: boolean | undefined;
    idempotencyKey: string | null;
  },
): Promise<{ offer: BulletinOffer; trade: BulletinTrade }> => {
  const now = new Date();
  const { offerId, tradeId } = await takeOffer(app.db, app.outbox, { userId: user.userId, ...input, now });
  app.bus.publishUserUpdate(user.email, 'signingRequest');
  const offer = await getOffer(app.db, user.userId, offerId, now.getTime());
  const trade = offer.trades.find((t) => t.tradeId === tradeId);
  if (!trade) throw new AppError('OFFER_TRADE_NOT_FOUND');
  return { offer, trade };
};
