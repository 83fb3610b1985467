#!/usr/bin/env node
/**
 * Distribution throughput (issue 22), on PostgreSQL. In one run, on a throw-away database:
 *   1. BENCH_HOLDERS investors (default 100,000) each hold shares of one asset (written through the
 *      ledger's own bulk posting), and the asset records one income;
 *   2. ONE distribution run over all of them, timed: holders from the ledger at the record date,
 *      largest-remainder allocation, tax per holder, one balanced posting with a leg per holder,
 *      one `rent` transaction and one outbox event per holder, the run row, the audit row;
 *   3. the baseline: a plain SQL insert of the same rows (entries, transactions, outbox events) into
 *      tables of the same columns without indexes, constraints or triggers, in one transaction;
 *   4. rows per second of both and the run's rate as a ratio of the plain insert's.
 * The database is dropped at the end. Exit code 1 when the run's sums do not match the income.
 *
 * Usage: npm run bench:distribution [-- --json]
 * Env: BENCH_DATABASE_URL (else DATABASE_URL, else postgres://root@127.0.0.1:5432/postgres),
 *      BENCH_HOLDERS (default 100000).
 */
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
import { createBenchDatabase } from './lib/postgres-bench.mjs';

register();

const asJson = process.argv.includes('--json');
const HOLDERS = Number(process.env.BENCH_HOLDERS ?? 100_000);
const INCOME_CENTS = 1_234_567_890n;
const log = (line) => {
  if (!asJson) process.stdout.write(`${line}\n`);
};

const benchDb = await createBenchDatabase('bw_bench_dist');
let exitCode = 0;
try {
  const { openDatabase, migrate, queryRows } = await import('@bw/db');
  const { loadTestFixtures } = await import('../apps/api/src/test/fixtures.ts');
  const { sql } = await import('drizzle-orm');
  const { createAsset } = await import('../apps/api/src/modules/assets/admin/create-asset.ts');
  const { samplePvAsset } = await import('../apps/api/src/modules/assets/admin/assets-admin.test-support.ts');
  const { systemActor } = await import('../apps/api/src/platform/audit.ts');
  const { postBulk } = await import('../apps/api/src/ledger/ledger.ts');
  const { recordIncome } = await import('../apps/api/src/modules/distributions/operations/record-income.ts');
  const { runDistribution } = await import('../apps/api/src/modules/distributions/operations/run-distribution.ts');
  const { distributionJobs } = await import('../apps/api/src/modules/distributions/distributions.jobs.ts');
  const { createOutbox } = await import('../apps/api/src/jobs/outbox.ts');
  const { createJobRegistry } = await import('../apps/api/src/jobs/registry.ts');

  const database = await openDatabase({ kind: 'postgres', connectionString: benchDb.connectionString, poolSize: 4 });
  const db = database.db;
  await migrate(db);
  await loadTestFixtures(db);
  const actor = systemActor('bench');
  const deps = { db, outbox: createOutbox(createJobRegistry(distributionJobs)) };

  log(`bench:distribution — ${HOLDERS.toLocaleString('de-AT')} holders on PostgreSQL (${benchDb.name})`);
  let started = performance.now();
  await queryRows(
    db,
    sql`INSERT INTO users (email, partner_id, status, first_name, last_name)
      SELECT 'holder-' || i || '@bench.example', (SELECT partner_id FROM partners LIMIT 1), 'verified', 'Bench', 'Holder'
      FROM generate_series(1, ${HOLDERS}) AS i`,
  );
  const holders = await queryRows(
    db,
    sql`SELECT id::text AS id FROM users WHERE email LIKE '%@bench.example' ORDER BY id`,
  );
  // Some church members in Bavaria, so the run computes all three German taxes for part of them.
  await queryRows(
    db,
    sql`INSERT INTO personal_information (user_id, has_church_tax, church_tax_state)
      SELECT id, true, 'DE-BY' FROM users WHERE email LIKE '%@bench.example' AND abs(hashtext(id::text)) % 5 = 0`,
  );
  const assetId = `bench-dist-${process.pid}`;
  const sharesOf = (index) => BigInt(1 + (index % 97));
  const totalHeld = holders.reduce((sum, _row, index) => sum + sharesOf(index), 0n);
  await createAsset({ db, bus: { publishAssetsUpdate: () => undefined } }, actor, {
    ...samplePvAsset({ id: assetId }),
    spvCountryCode: 'DE',
    securityType: 'participationRightEquity',
    totalShares: Number(totalHeld + 1_000n),
  });
  await db.transaction((tx) =>
    postBulk(tx, {
      key: `bench-issue:${assetId}`,
      kind: 'bench-issue',
      legs: [
        { account: { kind: 'issuer_shares', assetId }, amount: -totalHeld },
        ...holders.map((row, index) => ({
          account: { kind: 'user_shares', userId: row.id, assetId },
          amount: sharesOf(index),
        })),
      ],
    }),
  );
  const today = new Date().toISOString().slice(0, 10);
  const periodKey = today.slice(0, 7);
  await recordIncome(deps, actor, assetId, {
    kind: 'rent',
    amount: INCOME_CENTS.toString(),
    periodStart: `${periodKey}-01`,
    periodEnd: today,
    receivedOn: today,
    note: 'bench',
  });
  log(`setup: ${((performance.now() - started) / 1000).toFixed(1)} s (users, shares through one bulk posting, income)`);

  started = performance.now();
  const run = await runDistribution(deps, actor, assetId, { periodKey });
  const runMs = performance.now() - started;
  const [counts] = await queryRows(
    db,
    sql`SELECT
        (SELECT count(*)::int FROM ledger_entries e JOIN distribution_runs r ON r.posting_id = e.posting_id WHERE r.id = ${run.id}::uuid) AS entries,
        (SELECT count(*)::int FROM transactions WHERE distribution_run_id = ${run.id}::uuid) AS transactions,
        (SELECT count(*)::int FROM outbox WHERE topic = 'distributions.paid') AS events,
        (SELECT coalesce(sum(amount_cents), 0)::text FROM transactions WHERE distribution_run_id = ${run.id}::uuid) AS net`,
  );
  const rows = counts.entries + counts.transactions + counts.events + 1;
  const sumsMatch = BigInt(counts.net) + BigInt(run.tax) + BigInt(run.issuer) === INCOME_CENTS;
  if (!sumsMatch || counts.transactions !== HOLDERS) exitCode = 1;

  // Baseline: the same rows, plain INSERT into tables of the same columns (no index, constraint, trigger).
  for (const [plain, table] of [
    ['plain_entries', 'ledger_entries'],
    ['plain_transactions', 'transactions'],
    ['plain_outbox', 'outbox'],
  ])
    await queryRows(db, sql.raw(`CREATE TABLE ${plain} AS SELECT * FROM ${table} WITH NO DATA`));
  started = performance.now();
  await db.transaction(async (tx) => {
    await queryRows(
      tx,
      sql`INSERT INTO plain_entries SELECT e.* FROM ledger_entries e JOIN distribution_runs r ON r.posting_id = e.posting_id`,
    );
    await queryRows(
      tx,
      sql`INSERT INTO plain_transactions SELECT * FROM transactions WHERE distribution_run_id IS NOT NULL`,
    );
    await queryRows(tx, sql`INSERT INTO plain_outbox SELECT * FROM outbox WHERE topic = 'distributions.paid'`);
  });
  const plainMs = performance.now() - started;
  const plainRows = rows - 1;

  const result = {
    holders: HOLDERS,
    runSeconds: Number((runMs / 1000).toFixed(2)),
    rowsWritten: rows,
    runRowsPerSecond: Math.round(rows / (runMs / 1000)),
    holdersPerSecond: Math.round(HOLDERS / (runMs / 1000)),
    plainInsertSeconds: Number((plainMs / 1000).toFixed(2)),
    plainRowsPerSecond: Math.round(plainRows / (plainMs / 1000)),
    ratio: Number((rows / runMs / (plainRows / plainMs)).toFixed(3)),
    income: INCOME_CENTS.toString(),
    investorsNet: run.investorsNet,
    tax: run.tax,
    issuer: run.issuer,
    sumsMatch,
  };
  if (asJson) process.stdout.write(`${JSON.stringify(result)}\n`);
  log(
    `run: ${result.runSeconds} s for ${HOLDERS.toLocaleString('de-AT')} holders — ${rows.toLocaleString('de-AT')} rows (entries ${counts.entries}, transactions ${counts.transactions}, outbox ${counts.events}, run 1)`,
  );
  log(
    `     ${result.runRowsPerSecond.toLocaleString('de-AT')} rows/s, ${result.holdersPerSecond.toLocaleString('de-AT')} holders/s`,
  );
  log(
    `plain INSERT of the same rows: ${result.plainInsertSeconds} s, ${result.plainRowsPerSecond.toLocaleString('de-AT')} rows/s`,
  );
  log(`ratio (run rows/s ÷ plain insert rows/s): ${result.ratio}`);
  log(
    `sums: net ${run.investorsNet} + tax ${run.tax} + issuer ${run.issuer} = income ${INCOME_CENTS}: ${sumsMatch ? 'ok' : 'MISMATCH'}`,
  );
  await database.close();
} catch (error) {
  exitCode = 1;
  process.stderr.write(`${error?.stack ?? error}\n`);
} finally {
  await benchDb.drop();
}
process.exit(exitCode);
