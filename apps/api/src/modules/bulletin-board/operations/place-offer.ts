import type { BulletinOffer, CreateOfferBody } from '@bw/contracts';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../../plugins/session-user.js';
import { createOffer } from './create-offer.js';
import { getOffer } from './read-offers.js';

/**
 * `POST /api/v1/bulletinboard/offer`: the offer is created and reserved, its signing request
 * announced to the owner's clients; the answer is the offer as the owner sees it (`new` until signed).
 */
export const placeOffer = async (
  app: FastifyInstance,
  user: Pick<SessionUser, 'userId' | 'email'>,
  input: { body: CreateOfferBody; idempotencyKey: string | null },
): Promise<BulletinOffer> => {
  const now = new Date();
  const { offerId } = await createOffer(app.db, app.outbox, { userId: user.userId, ...input, now });
  app.bus.publishUserUpdate(user.email, 'signingRequest');
  return getOffer(app.db, user.userId, offerId, now.getTime());
};
