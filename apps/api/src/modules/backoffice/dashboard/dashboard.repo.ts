import { type Db, queryRows } from '@bw/db';
import { sql } from 'drizzle-orm';

/**
 * Each investor counted once, in the furthest step of the funnel reached: registered, e-mail
 * confirmed, identified (status verified or active), paid in (a settled pay-in), invested (a
 * settled purchase or trade).
 */
export const funnelCounts = (db: Db) =>
  queryRows<{ step: string; count: number; locked: number }>(
    db,
    sql`
      SELECT step, count(*)::int AS count, count(*) FILTER (WHERE locked)::int AS locked FROM (
        SELECT u.locked_at IS NOT NULL AS locked,
          CASE
            WHEN EXISTS (SELECT 1 FROM transactions t WHERE t.user_id = u.id AND t.type IN ('buy', 'sell') AND t.status = 'success') THEN 'invested'
            WHEN EXISTS (SELECT 1 FROM transactions t WHERE t.user_id = u.id AND t.type = 'charge' AND t.status = 'success') THEN 'paidIn'
            WHEN u.status IN ('verified', 'active') THEN 'identified'
            WHEN u.email_verified_at IS NOT NULL THEN 'emailVerified'
            ELSE 'registered'
          END AS step
        FROM users u
        WHERE u.role = 'user'
      ) steps
      GROUP BY step`,
  );

/** Primary-market volume per asset: settled and still reserved, in cents and shares. */
export const volumeByAsset = (db: Db) =>
  queryRows<{
    asset_id: string;
    title: string;
    stage: string;
    purchases: number;
    shares: number;
    volume_cents: string;
    reserved_cents: string;
  }>(
    db,
    sql`
      SELECT a.id AS asset_id, a.title, a.stage,
        count(p.transaction_id) FILTER (WHERE p.status = 'settled')::int AS purchases,
        coalesce(sum(p.shares) FILTER (WHERE p.status = 'settled'), 0)::int AS shares,
        coalesce(sum(p.amount_cents) FILTER (WHERE p.status = 'settled'), 0)::text AS volume_cents,
        coalesce(sum(p.amount_cents) FILTER (WHERE p.status IN ('reserved', 'awaitingPayment', 'awaitingNotary')), 0)::text AS reserved_cents
      FROM assets a
      LEFT JOIN primary_purchases p ON p.asset_id = a.id
      GROUP BY a.id, a.title, a.stage
      ORDER BY coalesce(sum(p.amount_cents) FILTER (WHERE p.status = 'settled'), 0) DESC, a.title`,
  );

export const openSigningRequests = (db: Db) =>
  queryRows<{ open: number; oldest: Date | string | null; expiring: number }>(
    db,
    sql`
      SELECT count(*)::int AS open, min(created_at) AS oldest,
        count(*) FILTER (WHERE expires_at < now() + interval '1 hour')::int AS expiring
      FROM signing_requests WHERE status = 'pending' AND expires_at > now()`,
  );

export const outboxLag = (db: Db) =>
  queryRows<{ pending: number; oldest: Date | string | null; failed: number }>(
    db,
    sql`
      SELECT count(*) FILTER (WHERE delivered_at IS NULL AND failed_at IS NULL)::int AS pending,
        min(created_at) FILTER (WHERE delivered_at IS NULL AND failed_at IS NULL) AS oldest,
        count(*) FILTER (WHERE failed_at IS NOT NULL)::int AS failed
      FROM outbox`,
  );

export const failedOutboxMessages = (db: Db, limit: number) =>
  queryRows<{ name: string; error: string | null; failed_at: Date | string }>(
    db,
    sql`SELECT topic AS name, last_error AS error, failed_at FROM outbox WHERE failed_at IS NOT NULL ORDER BY failed_at DESC LIMIT ${limit}`,
  );

/** Failed background jobs in pg-boss's own table, when its schema exists (it does once the runner started). */
export const failedJobs = async (db: Db, limit: number) => {
  const [exists] = await queryRows<{ present: boolean }>(
    db,
    sql`SELECT to_regclass('pgboss.job') IS NOT NULL AS present`,
  );
  if (!exists?.present) return { count: 0, latest: [] };
  const [count] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM pgboss.job WHERE state = 'failed'`,
  );
  const latest = await queryRows<{ name: string; output: unknown; completed_on: Date | string | null }>(
    db,
    sql`SELECT name, output, completed_on FROM pgboss.job WHERE state = 'failed' ORDER BY completed_on DESC NULLS LAST LIMIT ${limit}`,
  );
  return { count: count?.count ?? 0, latest };
};
