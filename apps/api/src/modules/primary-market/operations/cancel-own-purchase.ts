import type { PurchaseView } from '@bw/contracts';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../../plugins/session-user.js';
import { announcePurchase } from './buy-from-issuer.js';
import { getOwnPurchase } from './get-own-purchase.js';
import { cancelPurchase } from './settle-purchase.js';

/** `POST /api/v1/assets/cancelTransaction`: cancel, then answer the purchase as it now stands. */
export const cancelOwnPurchase = async (
  app: FastifyInstance,
  user: Pick<SessionUser, 'userId' | 'email'>,
  transactionId: string,
): Promise<PurchaseView> => {
  await cancelPurchase(app.db, app.outbox, app.settlements, { userId: user.userId, transactionId, now: new Date() });
  const data = await getOwnPurchase(app.db, user.userId, transactionId);
  announcePurchase(app, user.email, data.assetId);
  return data;
};
