import { paymentAccounts, payoutAccounts, transactions } from '@bw/db';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/registry.js';
import type { PaymentProvider } from '../../providers/payments/payment-provider.js';
import { reconcilePendingPayouts } from './operations/reconcile-payouts.js';
import { SEND_PAYOUT_TOPIC } from './payout-topic.js';
import { HANDLE_PSP_NOTIFICATION_TOPIC, handleNotification } from './provider/handle-notification.js';
import {
  MIRROR_POSTINGS_JOB,
  mirrorPostings,
  RECONCILE_WALLETS_JOB,
  reconcileWallets,
} from './provider/wallet-mirror.js';

/** Every five minutes: payouts whose webhook did not come are settled or voided (issue 18). */
export const RECONCILE_PAYOUTS_CRON = '*/5 * * * *';
export const RECONCILE_PAYOUTS_JOB = 'payments.reconcile-payouts';

/** Asks the provider to pay out a confirmed payout; the provider dedupes by our transaction id. */
export const createPaymentJobs = (provider: PaymentProvider): JobDefinition[] => [
  defineJob({
    name: SEND_PAYOUT_TOPIC,
    payload: z.object({ transactionId: z.uuid() }),
    retry: { limit: 8, delaySeconds: 2, backoff: true },
    handler: async ({ transactionId }, { db }) => {
      const [row] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
      if (!row || row.status !== 'pending' || !row.payoutAccountId) return;
      const [payee] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.id, row.payoutAccountId));
      const [wallet] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, row.userId));
      if (!payee || !wallet) throw new Error(`payout ${transactionId} lacks payee or wallet`);
      await provider.sendPayout({
        payoutId: row.id,
        walletId: wallet.providerWalletId,
        amountCents: row.amountCents,
        iban: payee.iban,
        name: payee.owner,
      });
    },
  }) as JobDefinition,
  defineJob({
    name: RECONCILE_PAYOUTS_JOB,
    payload: z.object({}),
    retry: { limit: 2, delaySeconds: 60, backoff: false },
    handler: async (_payload, { db, outbox, log }) => {
      const result = await reconcilePendingPayouts(db, outbox, provider, { now: new Date(), log });
      if (result.checked > 0) log.info(result, 'payouts reconciled');
    },
  }) as JobDefinition,
  ...walletJobs(provider),
];

/** A provider with a wallet per investor (Mangopay): its hooks, the ledger's mirror, the daily reconciliation. */
const walletJobs = (provider: PaymentProvider): JobDefinition[] => {
  const wallets = provider.wallets;
  if (!wallets) return [];
  return [
    defineJob({
      name: HANDLE_PSP_NOTIFICATION_TOPIC,
      payload: z.object({ provider: z.string(), eventType: z.string(), resourceId: z.string() }),
      retry: { limit: 10, delaySeconds: 5, backoff: true },
      handler: async (payload, { db, outbox, bus, log }) => {
        const result = await handleNotification(db, outbox, wallets, { ...payload, log });
        for (const email of result.emails) bus.publishUserUpdate(email, `payment:${payload.eventType}`);
      },
    }) as JobDefinition,
    defineJob({
      name: MIRROR_POSTINGS_JOB,
      payload: z.object({}),
      retry: { limit: 0, delaySeconds: 60, backoff: false },
      handler: async (_payload, { db, log }) => {
        const result = await mirrorPostings(db, wallets, log);
        if (result.mirrored + result.failed > 0) log.info(result, 'ledger postings mirrored at the provider');
      },
    }) as JobDefinition,
    defineJob({
      name: RECONCILE_WALLETS_JOB,
      payload: z.object({}),
      retry: { limit: 3, delaySeconds: 300, backoff: true },
      handler: async (_payload, { db, log }) => {
        const result = await reconcileWallets(db, wallets, { now: new Date(), log });
        log.info({ checked: result.checked, differences: result.differences.length }, 'wallets reconciled');
      },
    }) as JobDefinition,
  ];
};
