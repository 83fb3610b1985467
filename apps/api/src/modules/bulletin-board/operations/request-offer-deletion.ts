import type { BulletinOffer } from '@bw/contracts';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../../plugins/session-user.js';
import { deleteOffer } from './delete-offer.js';
import { getOffer } from './read-offers.js';

/** `POST /api/v1/bulletinboard/offer/deleteRequest`: delete the owner's offer, answer it as it now stands. */
export const requestOfferDeletion = async (
  app: FastifyInstance,
  user: Pick<SessionUser, 'userId' | 'email'>,
  offerId: string,
): Promise<BulletinOffer> => {
  await deleteOffer(app.db, app.outbox, { userId: user.userId, offerId });
  app.bus.publishUserUpdate(user.email, 'bulletinBoard');
  return getOffer(app.db, user.userId, offerId, Date.now());
};
