import type { PurchaseView } from '@bw/contracts';
import type { Db } from '@bw/db';
import { AppError } from '../../../lib/app-error.js';
import { listPurchaseViews } from '../primary-market.repo.js';

/** One purchase of the user, with its card state, payment request and notary date. */
export const getOwnPurchase = async (db: Db, userId: string, transactionId: string): Promise<PurchaseView> => {
  const [data] = await listPurchaseViews(db, { userId, transactionId });
  if (!data) throw new AppError('INVESTMENT_NOT_FOUND');
  return data;
};
