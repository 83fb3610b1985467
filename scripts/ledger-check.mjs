#!/usr/bin/env node
/**
 * The ledger invariants and the register/ledger agreement of one database (read only): what the
 * restore drill checks on its restored copy, for an operator after a restore or a point-in-time
 * recovery (docs/runbooks/point-in-time-recovery.md). Prints every violation; exit code 1 on any.
 *
 * Usage: DATABASE_URL=postgres://… npm run ledger:check [-- --json]
 */
import { register } from 'tsx/esm/api';

register();

const main = async () => {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString?.startsWith('postgres')) throw new Error('ledger:check needs DATABASE_URL=postgres://…');
  const { openDatabase, queryRows } = await import('@bw/db');
  const { sql } = await import('drizzle-orm');
  const { ledgerViolations } = await import('../apps/api/src/ledger/ledger-checks.ts');
  const { registerLedgerViolations } = await import('../apps/api/src/modules/share-register/register-admin.ts');
  const database = await openDatabase({ kind: 'postgres', connectionString, poolSize: 2 });
  try {
    const [counts] = await queryRows(
      database.db,
      sql`SELECT (SELECT count(*) FROM ledger_postings)::int AS postings, (SELECT count(*) FROM ledger_accounts)::int AS accounts,
        (SELECT max(created_at) FROM ledger_postings) AS latest`,
    );
    const violations = [...(await ledgerViolations(database.db)), ...(await registerLedgerViolations(database.db))];
    if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify({ ...counts, violations })}\n`);
    else {
      for (const line of violations) process.stdout.write(`violation: ${line}\n`);
      process.stdout.write(
        `ledger:check: ${counts.postings} postings on ${counts.accounts} accounts, the latest at ${counts.latest}: ` +
          `${violations.length} violations — ${violations.length === 0 ? 'ok' : 'FAILED'}\n`,
      );
    }
    process.exitCode = violations.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
};

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
