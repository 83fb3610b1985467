import { type DashboardView, FUNNEL_STEPS } from '@bw/contracts';
import type { Db } from '@bw/db';
import {
  failedJobs,
  failedOutboxMessages,
  funnelCounts,
  openSigningRequests,
  outboxLag,
  volumeByAsset,
} from './dashboard.repo.js';

const LATEST_FAILURES = 5;
const MAX_ERROR_LENGTH = 300;

const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

const errorText = (output: unknown): string => {
  if (output && typeof output === 'object' && 'message' in output) return String(output.message);
  return typeof output === 'string' ? output : JSON.stringify(output ?? '');
};

/** Everything the operator's dashboard shows, read in one go (issue 21). */
export const getDashboard = async (db: Db, now: Date): Promise<DashboardView> => {
  const [funnel, volume, [signing], [outbox], outboxFailures, jobs] = await Promise.all([
    funnelCounts(db),
    volumeByAsset(db),
    openSigningRequests(db),
    outboxLag(db),
    failedOutboxMessages(db, LATEST_FAILURES),
    failedJobs(db, LATEST_FAILURES),
  ]);
  const oldestPending = iso(outbox?.oldest);
  const latestFailures = [
    ...jobs.latest.map((job) => ({
      source: 'job',
      name: job.name,
      error: errorText(job.output),
      failedAt: iso(job.completed_on) ?? now.toISOString(),
    })),
    ...outboxFailures.map((row) => ({
      source: 'outbox',
      name: row.name,
      error: row.error ?? '',
      failedAt: iso(row.failed_at) ?? now.toISOString(),
    })),
  ]
    .map((failure) => ({ ...failure, error: failure.error.slice(0, MAX_ERROR_LENGTH) }))
    .sort((a, b) => b.failedAt.localeCompare(a.failedAt))
    .slice(0, LATEST_FAILURES);
  return {
    generatedAt: now.toISOString(),
    investorsByStep: FUNNEL_STEPS.map((step) => ({
      step,
      count: funnel.find((row) => row.step === step)?.count ?? 0,
    })),
    lockedInvestors: funnel.reduce((sum, row) => sum + row.locked, 0),
    volumeByAsset: volume.map((row) => ({
      assetId: row.asset_id,
      title: row.title,
      stage: row.stage,
      purchases: row.purchases,
      shares: row.shares,
      volumeCents: row.volume_cents,
      reservedCents: row.reserved_cents,
    })),
    signingRequests: {
      open: signing?.open ?? 0,
      oldestOpenAt: iso(signing?.oldest),
      expiringWithinHour: signing?.expiring ?? 0,
    },
    failedJobs: { count: jobs.count + (outbox?.failed ?? 0), latest: latestFailures },
    outbox: {
      pending: outbox?.pending ?? 0,
      oldestPendingAt: oldestPending,
      lagSeconds: oldestPending ? Math.max(0, Math.round((now.getTime() - Date.parse(oldestPending)) / 1000)) : 0,
      failed: outbox?.failed ?? 0,
    },
  };
};
