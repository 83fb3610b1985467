#!/usr/bin/env node
/**
 * The ledger's invariant tests over many seeds, on PostgreSQL (issue 41, docs/reliability.md):
 *   - the ledger invariant test (64 clients, 10,000 random pay-ins, payouts, holds, posts, voids and
 *     retries per seed; apps/api/src/ledger/ledger-invariants.integration.test.ts),
 *   - the bulletin-board invariant test (a random workload of offers, fills, signatures, private
 *     trades; with the ledger check and the register/ledger agreement after each seed),
 *   - once, the register/ledger agreement under concurrent purchases and trades.
 * All seeds run in ONE vitest process (the tests read LEDGER_SEEDS / BULLETIN_SEEDS and loop), each
 * seed on a fresh database of its own. Prints each seed's result as it finishes, a replay command
 * for every failing seed and a summary; exit code 1 on any violation or a seed that did not finish.
 *
 * Usage: DATABASE_URL=postgres://… npm run test:bank -- --seeds 100 [--from 1] [--bulletin-seeds 20]
 *        [--operations 10000] [--minutes 150] [--json]
 * --from: the first seed (default: from the clock, printed); --bulletin-seeds: how many seeds of the
 * bulletin-board test (default: the same as --seeds, 0 skips it); --minutes: the bound, after which
 * the run stops and reports what finished; --operations: the ledger test's operations per seed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from './lib/web-build.mjs';

const LEDGER_TEST = 'apps/api/src/ledger/ledger-invariants.integration.test.ts';
const BULLETIN_TEST = 'apps/api/src/modules/bulletin-board/bulletin-board.invariants.integration.test.ts';
const REGISTER_TEST = 'apps/api/src/modules/share-register/share-register-ledger.integration.test.ts';

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] !== undefined ? process.argv[index + 1] : fallback;
};
const asJson = process.argv.includes('--json');
const seedCount = Number(argument('seeds', 100));
const from = Number(argument('from', Math.floor(Date.now() / 1000) % 1_000_000_000));
const bulletinCount = Number(argument('bulletin-seeds', seedCount));
const minutes = Number(argument('minutes', 150));
const operations = Number(argument('operations', 10_000));
const databaseUrl = process.env.DATABASE_URL;

const log = (line) => {
  if (!asJson) process.stdout.write(`${line}\n`);
};

const dropLeftovers = async (prefix) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${prefix}%`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    return rows.length;
  } finally {
    await client.end();
  }
};

const readReport = (file) =>
  fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];

const main = async () => {
  if (!databaseUrl) throw new Error('test:bank runs on PostgreSQL: set DATABASE_URL');
  if (!Number.isInteger(seedCount) || seedCount < 1) throw new Error('--seeds must be a whole number ≥ 1');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-bank-'));
  const ledgerReport = path.join(work, 'ledger.jsonl');
  const bulletinReport = path.join(work, 'bulletin.jsonl');
  const vitestJson = path.join(work, 'vitest.json');
  const vitestLog = path.join(work, 'vitest.log');
  const prefix = `bw_bank_${process.pid}`;
  const ledgerSeeds = `${from}..${from + seedCount - 1}`;
  const bulletinSeeds = bulletinCount > 0 ? `${from}..${from + bulletinCount - 1}` : '';
  const started = Date.now();
  log(
    `test:bank: ledger seeds ${ledgerSeeds} (${operations} operations each)${bulletinSeeds ? `, bulletin-board seeds ${bulletinSeeds}` : ''}, ` +
      `one vitest process, files one after another (log ${vitestLog}), load average ${os.loadavg()[0].toFixed(2)}`,
  );

  const files = [LEDGER_TEST, ...(bulletinSeeds ? [BULLETIN_TEST] : []), REGISTER_TEST];
  const out = fs.openSync(vitestLog, 'w');
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      'integration',
      '--no-file-parallelism',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestJson}`,
      ...files,
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        LEDGER_SEEDS: ledgerSeeds,
        LEDGER_OPERATIONS: String(operations),
        LEDGER_REPORT: ledgerReport,
        BULLETIN_SEEDS: bulletinSeeds,
        BULLETIN_REPORT: bulletinReport,
        TEST_DATABASE_PREFIX: prefix,
      },
      stdio: ['ignore', out, out],
      detached: true,
    },
  );
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let timedOut = false;
  const stopVitest = () => {
    process.kill(-child.pid, 'SIGTERM');
    setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 10_000).unref();
  };
  const bound = setTimeout(() => {
    timedOut = true;
    stopVitest();
  }, minutes * 60_000);
  // Interrupted (Ctrl-C): stop vitest, then report and drop the databases as at the end.
  process.once('SIGINT', stopVitest);
  process.once('SIGTERM', stopVitest);

  // Print each seed as it finishes.
  const seen = { ledger: 0, bulletin: 0 };
  const show = (name, file) => {
    const rows = readReport(file);
    for (const row of rows.slice(seen[name])) {
      log(
        `  ${name} seed ${row.seed}: ${row.violations.length === 0 ? 'ok' : `${row.violations.length} violations`} (${row.seconds.toFixed(1)} s)`,
      );
      for (const violation of row.violations.slice(0, 5)) log(`    ${violation}`);
    }
    seen[name] = rows.length;
  };
  const ticker = setInterval(() => {
    show('ledger', ledgerReport);
    show('bulletin', bulletinReport);
  }, 1000);
  const { code, signal } = await exited;
  clearTimeout(bound);
  clearInterval(ticker);
  show('ledger', ledgerReport);
  show('bulletin', bulletinReport);
  fs.closeSync(out);
  const leftovers = await dropLeftovers(prefix);

  const replay = (variable, test, seed) =>
    `${variable}=${seed}${variable === 'LEDGER_SEED' && operations !== 10_000 ? ` LEDGER_OPERATIONS=${operations}` : ''} DATABASE_URL=${databaseUrl} npx vitest run ${test}`;
  const expected = (count) => Array.from({ length: count }, (_, i) => from + i);
  const results = [];
  for (const [name, file, count, variable, test] of [
    ['ledger', ledgerReport, seedCount, 'LEDGER_SEED', LEDGER_TEST],
    ['bulletin', bulletinReport, bulletinSeeds ? bulletinCount : 0, 'BULLETIN_SEED', BULLETIN_TEST],
  ]) {
    const rows = new Map(readReport(file).map((row) => [row.seed, row]));
    for (const seed of expected(count)) {
      const row = rows.get(seed);
      results.push({
        test: name,
        seed,
        finished: Boolean(row),
        seconds: row?.seconds ?? null,
        violations: row?.violations ?? ['did not finish (see the vitest log)'],
        replay: replay(variable, test, seed),
      });
    }
  }
  let registerTest = 'not run';
  if (fs.existsSync(vitestJson)) {
    const json = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
    const file = json.testResults?.find((entry) => entry.name.endsWith(REGISTER_TEST));
    if (file) registerTest = file.status === 'passed' ? 'ok' : 'failed';
  }
  const failing = results.filter((result) => result.violations.length > 0);
  const violations = failing.reduce((sum, result) => sum + result.violations.length, 0);
  const seconds = Math.round((Date.now() - started) / 1000);
  for (const result of failing) log(`replay ${result.test} seed ${result.seed}: ${result.replay}`);
  const ok = failing.length === 0 && registerTest === 'ok' && code === 0 && !timedOut;
  const summary = {
    ok,
    ledgerSeeds: seedCount,
    operationsPerLedgerSeed: operations,
    bulletinSeeds: bulletinSeeds ? bulletinCount : 0,
    from,
    violations,
    failingSeeds: failing.length,
    registerAgreementTest: registerTest,
    vitestExit: signal ?? code,
    timedOut,
    seconds,
    loadAverage: os.loadavg()[0],
    leftoverDatabasesDropped: leftovers,
    vitestLog,
    results: failing,
  };
  if (asJson) process.stdout.write(`${JSON.stringify(summary)}\n`);
  log(
    `test:bank: ${seedCount} ledger seeds, ${summary.bulletinSeeds} bulletin-board seeds from ${from}: ` +
      `${violations} violations in ${failing.length} seeds; register/ledger agreement test ${registerTest}; ` +
      `${seconds} s${timedOut ? ` (stopped after ${minutes} min)` : ''}, load average ${os.loadavg()[0].toFixed(2)} — ${ok ? 'ok' : 'FAILED'}`,
  );
  if (!ok && failing.length === 0) log(`vitest exited ${signal ?? code}: see ${vitestLog}`);
  process.exitCode = ok ? 0 : 1;
};

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
