import { randomBytes } from 'node:crypto';
import { type Database, dumpPglite, migrate, openDatabase } from '@bw/db';
import pg from 'pg';
import { loadTestFixtures } from './fixtures.js';

/**
 * Test databases: PGlite in memory (from a migrated, seeded snapshot, so each test file starts in
 * well under a second) by default; a fresh database on the PostgreSQL server named by
 * DATABASE_URL when it is set (CI), dropped again when the test closes it.
 */
export const usesPostgres = (): boolean => Boolean(process.env.DATABASE_URL);

const snapshots = new Map<boolean, Promise<Blob>>();

/** A migrated PGlite, with the test fixtures (the catalogue as rows, `loadTestFixtures`) or empty. */
const pgliteSnapshot = (fixtures: boolean): Promise<Blob> => {
  let snapshot = snapshots.get(fixtures);
  if (!snapshot) {
    snapshot = (async () => {
      const database = await openDatabase({ kind: 'pglite-memory' });
      await migrate(database.db);
      if (fixtures) await loadTestFixtures(database.db);
      const blob = await dumpPglite(database);
      await database.close();
      return blob;
    })();
    snapshots.set(fixtures, snapshot);
  }
  return snapshot;
};

const withDatabaseName = (url: string, name: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

export type TestDatabase = Database & { name: string };

/** PostgreSQL's too_many_connections: the shared server has no connection left for now. */
export const SERVER_FULL = '53300';

/** The SQLSTATE of a pg error, also when Drizzle wrapped it. */
export const pgErrorCode = (error: unknown): string | undefined =>
  (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;

/**
 * `open()` again while the shared PostgreSQL server has no connection free (other work on it),
 * for up to a minute: a seed of `npm run test:bank` must not fail for a neighbour's load.
 */
export const whileServerFull = async <T>(open: () => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await open();
    } catch (error) {
      if (pgErrorCode(error) !== SERVER_FULL || attempt >= 30) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
};

/** An empty database of its own on the PostgreSQL server of DATABASE_URL (for spawned servers). */
export type ScratchDatabase = { name: string; url: string; drop(): Promise<void> };

/**
 * TEST_DATABASE_PREFIX names a run's databases (`npm run test:bank` sets its own, so it can drop
 * what a run it had to stop left behind).
 */
export const createScratchDatabase = async (
  prefix = process.env.TEST_DATABASE_PREFIX ?? 'bw_test',
): Promise<ScratchDatabase> => {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('createScratchDatabase needs DATABASE_URL');
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    name,
    url: withDatabaseName(baseUrl, name),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
};

/**
 * A test database with the test fixtures (`loadTestFixtures`: the catalogue, partners and bonus codes as
 * rows), or only migrated (`fixtures: false`) for tests of the demo seed, which makes its own.
 */
export const createTestDatabase = async ({ fixtures = true }: { fixtures?: boolean } = {}): Promise<TestDatabase> => {
  if (!process.env.DATABASE_URL) {
    const database = await openDatabase({ kind: 'pglite-memory', snapshot: await pgliteSnapshot(fixtures) });
    return { ...database, name: 'pglite-memory' };
  }
  const scratch = await createScratchDatabase();
  const database = await openDatabase({ kind: 'postgres', connectionString: scratch.url, poolSize: 20 });
  await migrate(database.db);
  if (fixtures) await loadTestFixtures(database.db);
  return {
    ...database,
    name: scratch.name,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
};
