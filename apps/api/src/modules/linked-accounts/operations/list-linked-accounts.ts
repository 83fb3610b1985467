import type { LinkedAccounts } from '@bw/contracts';
import type { Db } from '@bw/db';
import { AppError } from '../../../lib/app-error.js';
import { passesSessionCheck } from '../../auth/session-store.js';
import { listPartners } from '../../partners/partners.repo.js';
import { findUserById } from '../../users/users.repo.js';
import { findLinkedAccounts } from '../linked-accounts.repo.js';
import { copyMeRefusal } from './copy-me-rules.js';

/** `GET /api/v2/user/linked-accounts`: the switch-account screen's list and the partners a copy may go to. */
export const listLinkedAccounts = async (db: Db, userId: string): Promise<LinkedAccounts> => {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const [linked, partners] = await Promise.all([findLinkedAccounts(db, userId), listPartners(db)]);
  const accounts = linked
    .filter((row) => row.user.id === userId || passesSessionCheck(row.user))
    .map((row) => ({
      userId: row.user.id,
      platformProvider: row.user.partnerId,
      partnerName: row.partnerName,
      status: row.user.status,
      current: row.user.id === userId,
    }));
  const destinations = [];
  for (const partner of partners) {
    if ((await copyMeRefusal(db, user, partner.partnerId)) === null) {
      destinations.push({ platformProvider: partner.partnerId, partnerName: partner.name });
    }
  }
  const home = partners.find((partner) => partner.partnerId === user.partnerId);
  return { accounts, destinations, copyEnabled: home?.featureFlags.copyMe ?? false };
};
