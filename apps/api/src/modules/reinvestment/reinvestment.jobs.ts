import { z } from 'zod';
import type { Outbox } from '../../jobs/outbox.js';
import { defineJob, type JobDefinition } from '../../jobs/registry.js';
import { reinvestPayment } from './operations/reinvest.js';

/**
 * One event per distribution payment to an investor with an active reinvestment mandate for the
 * asset (ADR 0034), enqueued in the distribution run's transaction; its delivery buys the shares.
 */
export const REINVEST_TOPIC = 'distributions.reinvest';

export const reinvestPayload = z.object({
  userId: z.uuid(),
  assetId: z.string().min(1),
  transactionId: z.uuid(),
  netCents: z.string().regex(/^\d+$/),
});

/** The outbox exists only after the registry that holds this job, so app.ts links it (as the forum's jobs). */
export type ReinvestmentJobLinks = { outbox: Outbox | null };

export const createReinvestmentJobs = (links: ReinvestmentJobLinks): JobDefinition[] => [
  defineJob({
    name: REINVEST_TOPIC,
    payload: reinvestPayload,
    retry: { limit: 5, delaySeconds: 5, backoff: true },
    handler: async (input, { db, bus, settlements, log }) => {
      if (!links.outbox) throw new Error('the reinvestment job ran before the outbox was linked');
      const outcome = await reinvestPayment(db, links.outbox, settlements, {
        ...input,
        netCents: BigInt(input.netCents),
      });
      log.info({ transactionId: input.transactionId, outcome }, 'reinvestment done');
      bus.publishAssetsUpdate([input.assetId]);
    },
  }) as JobDefinition,
];
