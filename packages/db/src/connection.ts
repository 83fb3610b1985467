import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { type Schema, schema } from './schema/index.js';

export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A raw SQL runner with the shape pg-boss and our migrator need (multi-statement text when no values). */
export type SqlExecutor = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
};

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  sql: SqlExecutor;
  /** Present on PostgreSQL: the realtime adapter and pg-boss use their own connections. */
  pool: pg.Pool | null;
  connectionString: string | null;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; connectionString: string; poolSize?: number; applicationName?: string }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory'; snapshot?: Blob | File };

const DEFAULT_POOL_SIZE = 10;

/**
 * Statements with parameters are prepared once per connection, under a name derived from their
 * text, and afterwards only bound and executed (issue 27): PostgreSQL skips parsing and planning,
 * and the driver sends less. The texts are the query builder's and our repositories' (values are
 * always parameters), so they are few; a connection stops naming new ones past the limit.
 */
const PREPARED_TEXT_MAX_LENGTH = 8_000;
const PREPARED_PER_CONNECTION_MAX = 1_000;
const preparedNames = new Map<string, string>();

const preparedNameOf = (text: string): string => {
  let name = preparedNames.get(text);
  if (!name) {
    name = `bw_${createHash('sha1').update(text).digest('base64url')}`;
    if (preparedNames.size >= PREPARED_PER_CONNECTION_MAX * 4) preparedNames.clear();
    preparedNames.set(text, name);
  }
  return name;
};

type QueryConfigLike = { text: string; name?: string; values?: unknown[] };

const prepareNamedStatements = (client: pg.PoolClient): void => {
  const prepared = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (config: unknown, values: unknown): QueryConfigLike | null => {
    const base: QueryConfigLike | null =
      typeof config === 'string'
        ? { text: config }
        : config &&
            typeof config === 'object' &&
            typeof (config as QueryConfigLike).text === 'string' &&
            typeof (config as { submit?: unknown }).submit !== 'function'
          ? (config as QueryConfigLike)
          : null;
    if (!base || base.name) return null;
    const params = Array.isArray(values) ? values : base.values;
    if (!params || params.length === 0 || base.text.length > PREPARED_TEXT_MAX_LENGTH) return null;
    const name = preparedNameOf(base.text);
    if (!prepared.has(name)) {
      if (prepared.size >= PREPARED_PER_CONNECTION_MAX) return null;
      prepared.add(name);
    }
    return { ...base, name };
  };
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    const withName = named(config, values);
    return withName ? query(withName, values, callback) : query(config, values, callback);
  }) as typeof client.query;
};

// bigint columns come back as strings from node-postgres; drizzle's `mode: 'bigint'` converts them.
/** Extensions the migrations create (pg_trgm: the FAQ search's typo tolerance, issue 23). */
const pgliteExtensions = { pg_trgm };

/** How long a request waits for a connection (a free one of the pool, or a new one) before it fails. */
const CONNECTION_TIMEOUT_MS = 10_000;

export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      application_name: options.applicationName ?? 'brickwise-api',
      // A database that does not answer (restarting, failing over) fails a request after this
      // long with 503 instead of holding it open (issue 41, ADR 0046).
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    });
    // An idle client that errors (server restart) must not crash the process.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      prepareNamedStatements(client);
      // A connection that dies while checked out and between two statements (a transaction doing
      // work in between, a restart of the database) emits `error` on its client, and an `error`
      // nobody listens to ends the process (issue 41). The next statement on it fails instead
      // (answered 503), and the pool drops it when it is given back.
      client.on('error', () => undefined);
    });
    await pool.query('select 1');
    return {
      kind: 'postgres',
      db: drizzlePg({ client: pool, schema }),
      sql: {
        executeSql: async (text, values) => {
          const result = await pool.query(text, values);
          const last = Array.isArray(result) ? result.at(-1) : result;
          return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
        },
      },
      pool,
      connectionString: options.connectionString,
      close: () => pool.end(),
    };
  }

  let lock: DataDirLock | null = null;
  let client: PGlite;
  if (options.kind === 'pglite') {
    const dataDir = path.resolve(options.dataDir);
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireDataDirLock(dataDir);
    try {
      client = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: pgliteExtensions });
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    client = await PGlite.create(
      options.snapshot
        ? { loadDataDir: options.snapshot, extensions: pgliteExtensions }
        : { extensions: pgliteExtensions },
    );
  }
  return {
    kind: 'pglite',
    db: drizzlePglite({ client, schema }) as unknown as Db,
    sql: pgliteExecutor(client),
    pool: null,
    connectionString: null,
    close: async () => {
      await client.close();
      lock?.release();
    },
  };
};

export const pgliteExecutor = (client: PGlite): SqlExecutor => ({
  executeSql: async (text, values) => {
    if (values && values.length > 0) {
      const result = await client.query<Record<string, unknown>>(text, values);
      return { rows: result.rows };
    }
    const results = await client.exec(text);
    return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
  },
});

/** Dumps an in-memory PGlite database so tests can start from a migrated snapshot in well under a second. */
export const dumpPglite = async (database: Database): Promise<Blob> => {
  if (database.kind !== 'pglite') throw new Error('dumpPglite needs a PGlite database');
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
};

/** Raw SQL through drizzle, typed rows out; both drivers answer `{ rows }`. */
export const queryRows = async <T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * A whole JS array as ONE query parameter, in PostgreSQL's array literal form (drizzle's `sql`
 * template would spread an array into one parameter per element). Cast it in the query:
 * `${arrayParam(ids)}::uuid[]`; with `unnest` a statement carries any number of rows in a few
 * parameters (both drivers, pg and PGlite, take the literal as text).
 */
export const arrayParam = (values: readonly (string | number | bigint | boolean | null)[]): string =>
  `{${values
    .map((value) => (value === null ? 'NULL' : `"${String(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`))
    .join(',')}}`;
