import type { RecordIncomeBody } from '@bw/contracts';
import type { Db } from '@bw/db';
import { parsePeriodKey } from '@bw/domain';
import { systemActor } from '../backoffice/audit.js';
import { post } from '../payments/ledger/ledger.js';

/** Shares from the issuer to an investor, as a settled purchase books them (the ledger's own call). */
export const giveShares = async (db: Db, userId: string, assetId: string, shares: bigint, key?: string) =>
  db.transaction((tx) =>
    post(tx, {
      key: key ?? `test-shares:${userId}:${assetId}:${shares}:${Math.random()}`,
      kind: 'test-issue',
      legs: [
        { account: { kind: 'issuer_shares', assetId }, amount: -shares },
        { account: { kind: 'user_shares', userId, assetId }, amount: shares },
      ],
    }),
  );

/** The month running now (`2026-11`): holdings given in a test count at its record date (today). */
export const currentMonth = (): string => new Date().toISOString().slice(0, 7);

/** A rent income covering the whole period `periodKey`, received on its last day (or today). */
export const incomeBody = (periodKey: string, amount = '10000'): RecordIncomeBody => {
  const period = parsePeriodKey(periodKey);
  if (!period) throw new Error(`bad period ${periodKey}`);
  const today = new Date().toISOString().slice(0, 10);
  return {
    kind: 'rent',
    amount,
    periodStart: period.start,
    periodEnd: period.end,
    receivedOn: period.end < today ? period.end : today,
    note: 'Miete',
  };
};

/** Two system actors as the four eyes of a run (issue 35): one records and proposes, one approves. */
export const fourEyes = (name: string) => ({ author: systemActor(name), approver: systemActor(`${name}-approver`) });
