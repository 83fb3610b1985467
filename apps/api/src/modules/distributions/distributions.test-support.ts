import type { RecordIncomeBody } from '@bw/contracts';
import type { Db } from '@bw/db';
import { parsePeriodKey } from '@bw/domain';
import type { FastifyInstance } from 'fastify';
import { post } from '../../ledger/ledger.js';
import { systemActor } from '../../platform/audit.js';
import { postPspWebhook } from '../payments/payments.test-support.js';

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
/**
 * The payment provider confirms the incoming transfer of a recorded income (issue 34): its signed
 * `income.received` webhook, quoting the income's id. Only then may the income be distributed.
 */
export const receiveIncome = async (app: FastifyInstance, income: { id: string; amount: string }): Promise<void> => {
  const body = JSON.stringify({
    eventId: `evt_income_${income.id}`,
    type: 'income.received',
    transferId: `trf_income_${income.id}`,
    amount: income.amount,
    senderName: 'Mieterin Top 4',
    reference: income.id,
  });
  const response = await postPspWebhook(app, { secret: app.config.PSP_WEBHOOK_SECRET, body });
  if (response.statusCode !== 200 || response.json().data.outcome !== 'applied')
    throw new Error(`income.received → ${response.statusCode} ${response.body}`);
};
