import { type Database, openDatabase } from '@bw/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase, usesPostgres } from '../test/test-database.js';
import { toErrorReply } from './errors.js';
import { listenerSafePool } from './realtime.js';

const terminate = async (url: string, pid: number | undefined) => {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('SELECT pg_terminate_backend($1)', [pid]);
  await admin.end();
};

/**
 * Issue 41 (found by `npm run test:faults`): a connection of the API's pool that dies in the
 * middle of a transaction (its backend terminated, PostgreSQL restarted) emitted an unhandled
 * `error` that ended the API process. Now the transaction fails, answered 503, and the pool
 * goes on with a new connection.
 */
describe.runIf(usesPostgres())('a connection of the pool that dies in a transaction', () => {
  let database: ScratchDatabase;
  beforeAll(async () => {
    database = await createScratchDatabase('bw_outage');
  });
  afterAll(async () => database?.drop());

  it('fails the transaction with an error answered 503 and keeps the process and the pool', async () => {
    const opened = await openDatabase({ kind: 'postgres', connectionString: database.url, poolSize: 2 });
    try {
      const failed = await opened.db
        .transaction(async (tx) => {
          const result = (await tx.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as {
            rows: { pid: number }[];
          };
          // Between two statements of the transaction its backend goes away.
          await terminate(database.url, result.rows[0]?.pid);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.execute(sql`SELECT 1`);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failed).not.toBeNull();
      expect(toErrorReply(failed)).toMatchObject({ status: 503, payload: { error: { code: 'SERVICE_UNAVAILABLE' } } });
      const again = (await opened.db.execute(sql`SELECT 1 AS one`)) as unknown as { rows: { one: number }[] };
      expect(again.rows[0]).toEqual({ one: 1 });
    } finally {
      await opened.close();
    }
  });
});

/**
 * Issue 41 (found by `npm run test:faults`): the socket adapter's LISTEN connection, when its
 * backend was terminated or PostgreSQL restarted, raised an unhandled `error` that ended the API
 * process, and kept its slot in the pool. Guarded, the error is logged and the slot given back.
 */
describe.runIf(usesPostgres())('the LISTEN connection of the socket adapter when its backend dies', () => {
  let database: ScratchDatabase;
  let opened: Database;
  let pool: NonNullable<Database['pool']>;
  beforeAll(async () => {
    database = await createScratchDatabase('bw_listen');
    opened = await openDatabase({ kind: 'postgres', connectionString: database.url, poolSize: 2 });
    if (!opened.pool) throw new Error('needs PostgreSQL');
    pool = opened.pool;
  });
  afterAll(async () => {
    await opened?.close();
    await database?.drop();
  });

  it('logs the error, gives the slot back, and the pool connects anew', async () => {
    const warnings: string[] = [];
    const log = { warn: (_fields: unknown, message: string) => warnings.push(message) } as unknown as FastifyBaseLogger;
    const client = await listenerSafePool(pool, log).connect();
    await client.query('LISTEN "bw_test"');
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const ended = new Promise((resolve) => client.once('end', resolve));
    await terminate(database.url, rows[0]?.pid);
    await ended;
    // The process is still here (an unhandled `error` would have failed this test file), and the slot is free.
    expect(warnings.join('')).toContain('LISTEN connection failed');
    expect(pool.totalCount).toBe(0);
    const again = await pool.connect();
    expect((await again.query('SELECT 1 AS one')).rows[0]).toEqual({ one: 1 });
    again.release();
  });

  it('does not release a connection twice when it fails after the adapter gave it back', async () => {
    const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
    const client = await listenerSafePool(pool, log).connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    client.release();
    // Released: pg-pool would throw "Release called on client which has already been released".
    expect(() => client.emit('error', new Error('terminating connection due to administrator command'))).not.toThrow();
    expect(() => client.release()).not.toThrow();
    await terminate(database.url, rows[0]?.pid);
    const again = await pool.connect();
    expect((await again.query('SELECT 1 AS one')).rows[0]).toEqual({ one: 1 });
    again.release();
  });

  it('leaves a connection it gave back to the next user of the pool', async () => {
    const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
    const client = await listenerSafePool(pool, log).connect();
    client.release();
    const next = await pool.connect();
    expect(next).toBe(client);
    next.on('error', () => undefined);
    // The adapter's listener is off: the error is the next user's and does not release their checkout.
    next.emit('error', new Error('terminating connection due to administrator command'));
    expect(() => next.release()).not.toThrow();
  });
});
