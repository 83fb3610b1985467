import { assets, transactions, users } from '@bw/db';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/registry.js';
import { notifyInvestorFromJob } from '../notifications/investor-events.js';
import { taxStatementReadyNotification } from '../notifications/notification-texts.js';
import { notifyUserFromJob } from '../notifications/notify-user.js';
import { DISTRIBUTION_PAID_TOPIC } from './distributions.topics.js';
import { proposeDueDistributions } from './operations/distribution-proposals.js';

/**
 * One event per distribution payment (issue 22), enqueued in the run's transaction. Its delivery
 * puts the payment in the investor's inbox (issue 23; once per payment, by its key), announces the
 * year's tax statement the first time the year has one, and tells the open screens to refresh
 * (`update`, reason `distribution`).
 */

export const distributionPaidPayload = z.object({
  userId: z.uuid(),
  assetId: z.string().min(1),
  transactionId: z.uuid(),
  netCents: z.string().regex(/^\d+$/),
  grossCents: z.string().regex(/^\d+$/),
});

/** Daily: propose each asset's run whose period has ended (issue 35); an operator approves it. */
export const PROPOSE_DUE_DISTRIBUTIONS_JOB = 'distributions.propose-due';
export const PROPOSE_DUE_DISTRIBUTIONS_CRON = '30 6 * * *';

export const distributionJobs: JobDefinition[] = [
  defineJob({
    name: PROPOSE_DUE_DISTRIBUTIONS_JOB,
    payload: z.object({}),
    retry: { limit: 2, delaySeconds: 300, backoff: false },
    handler: async (_input, { db, log }) => {
      const made = await proposeDueDistributions({ db });
      log.info({ proposed: made.map((p) => `${p.assetId}:${p.periodKey}`) }, 'distribution runs proposed');
    },
  }) as JobDefinition,
  defineJob({
    name: DISTRIBUTION_PAID_TOPIC,
    payload: distributionPaidPayload,
    retry: { limit: 3, delaySeconds: 2, backoff: true },
    handler: async (input, context) => {
      const { db, bus } = context;
      const [row] = await db
        .select({ email: users.email, assetTitle: assets.title, createdAt: transactions.createdAt })
        .from(transactions)
        .innerJoin(users, eq(users.id, transactions.userId))
        .innerJoin(assets, eq(assets.id, input.assetId))
        .where(eq(transactions.id, input.transactionId));
      if (!row) return;
      await notifyInvestorFromJob(context, {
        kind: 'distribution.paid',
        userId: input.userId,
        transactionId: input.transactionId,
        assetId: input.assetId,
        assetTitle: row.assetTitle,
        grossCents: BigInt(input.grossCents),
        netCents: BigInt(input.netCents),
      });
      await notifyUserFromJob(
        context,
        taxStatementReadyNotification({ userId: input.userId, year: row.createdAt.getUTCFullYear() }),
      );
      bus.publishUserUpdate(row.email, 'distribution');
    },
  }) as JobDefinition,
];
