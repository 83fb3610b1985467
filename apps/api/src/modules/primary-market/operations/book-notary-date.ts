import type { PurchaseView, reserveNotaryBody } from '@bw/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../../plugins/session-user.js';
import { reserveNotaryDate } from './builder-owner.js';

/** `POST /launchpad/api/v1/asset/notary/{id}/date/reserve`: book (or move) the purchase's notary date. */
export const bookNotaryDate = async (
  app: FastifyInstance,
  user: Pick<SessionUser, 'userId' | 'email'>,
  input: z.infer<typeof reserveNotaryBody> & { assetId: string },
): Promise<PurchaseView> => {
  const data = await reserveNotaryDate(app.db, { ...input, userId: user.userId, now: new Date() });
  app.bus.publishUserUpdate(user.email, 'purchase');
  return data;
};
