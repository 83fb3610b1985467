import type { SigningRequestView } from '@bw/contracts';
import type { Db } from '@bw/db';
import type { SigningRequestStatus } from '@bw/domain';
import type { SettlementRegistry } from '../../../platform/settlements.js';
import { listSigningRequestRows } from '../security-app.repo.js';
import { expireOverdueSigningRequests, toSigningRequestView } from '../signing-requests.js';

/** The caller's requests, newest first; overdue ones are expired first, so "pending" is true. */
export const listSigningRequests = async (
  db: Db,
  settlements: SettlementRegistry,
  userId: string,
  status: SigningRequestStatus | undefined,
  now = new Date(),
): Promise<SigningRequestView[]> => {
  await expireOverdueSigningRequests(db, settlements, { now, userId });
  const rows = await listSigningRequestRows(db, userId, status);
  return rows.map(toSigningRequestView);
};
