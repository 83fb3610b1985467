import { z } from 'zod';

/** The steps of the investor funnel the dashboard counts (each investor in the furthest one reached). */
export const FUNNEL_STEPS = ['registered', 'emailVerified', 'identified', 'paidIn', 'invested'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** The operator's dashboard (issue 21): how investors move, what sells, what is stuck. */
export const dashboardView = z.object({
  generatedAt: z.string(),
  investorsByStep: z.array(z.object({ step: z.enum(FUNNEL_STEPS), count: z.number().int() })),
  lockedInvestors: z.number().int(),
  volumeByAsset: z.array(
    z.object({
      assetId: z.string(),
      title: z.string(),
      stage: z.string(),
      purchases: z.number().int(),
      shares: z.number().int(),
      /** Settled primary-market volume in cents. */
      volumeCents: z.string(),
      /** Reserved (not yet signed or paid) in cents. */
      reservedCents: z.string(),
    }),
  ),
  signingRequests: z.object({
    open: z.number().int(),
    oldestOpenAt: z.string().nullable(),
    expiringWithinHour: z.number().int(),
  }),
  failedJobs: z.object({
    count: z.number().int(),
    latest: z.array(z.object({ source: z.string(), name: z.string(), error: z.string(), failedAt: z.string() })),
  }),
  outbox: z.object({
    pending: z.number().int(),
    oldestPendingAt: z.string().nullable(),
    /** Seconds the oldest undelivered message has waited (0 when none waits). */
    lagSeconds: z.number().int(),
    failed: z.number().int(),
  }),
});
export type DashboardView = z.infer<typeof dashboardView>;
