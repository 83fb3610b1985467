import { devMessages, outbox, partners } from '@bw/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { transactionThen } from '../lib/after-commit.js';
import { createTestApp } from '../test/test-app.js';
import { createTestDatabase, type TestDatabase, usesPostgres } from '../test/test-database.js';
import { sendEmailJob } from './email-jobs.js';
import { defineJob, type JobDefinition } from './registry.js';

const instantRetryEmail = defineJob({
  ...sendEmailJob,
  name: 'test.instant-retry-email',
  retry: { limit: 3, delaySeconds: 0, backoff: false },
}) as JobDefinition;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const appOverDatabase = () => createTestApp({ database, build: { jobs: [instantRetryEmail] } });
const mailsFor = (recipient: string) =>
  database.db.select().from(devMessages).where(eq(devMessages.recipient, recipient));
const outboxRow = async (key: string) => (await database.db.select().from(outbox).where(eq(outbox.key, key)))[0];

const mail = (to: string) => ({ to, subject: 'Willkommen', text: 'Hallo!', html: '<p>Hallo!</p>' });

describe('transactional outbox', () => {
  it('commits the business change and its message together', async () => {
    const t = await appOverDatabase();
    await t.app.db.transaction(async (tx) => {
      await tx.update(partners).set({ name: 'Brickwise Neu' }).where(eq(partners.appId, 'demo'));
      await t.app.outbox.enqueue(tx, 'notifications.send-email', 'commit-1', mail('commit@example.at'));
    });
    expect((await t.app.db.select().from(partners).where(eq(partners.appId, 'demo')))[0]?.name).toBe('Brickwise Neu');
    expect(await outboxRow('commit-1')).toBeDefined();
    await t.close();
  });

  it('rolls back the message with the business change', async () => {
    const t = await appOverDatabase();
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.update(partners).set({ name: 'Nie gespeichert' }).where(eq(partners.appId, 'alpen'));
        await t.app.outbox.enqueue(tx, 'notifications.send-email', 'rollback-1', mail('rollback@example.at'));
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect((await t.app.db.select().from(partners).where(eq(partners.appId, 'alpen')))[0]?.name).toBe('Alpenanteil');
    expect(await outboxRow('rollback-1')).toBeUndefined();
    await t.close();
  });

  it('writes the rows of a transactionThen transaction in one statement before its commit, first key wins', async () => {
    const t = await appOverDatabase();
    const written: string[] = [];
    await transactionThen(t.app.db, async (tx) => {
      await t.app.outbox.enqueue(tx, 'notifications.send-email', 'batch-1', mail('batch-a@example.at'));
      await t.app.outbox.enqueue(tx, 'notifications.send-email', 'batch-2', mail('batch-b@example.at'));
      await t.app.outbox.enqueue(tx, 'notifications.send-email', 'batch-1', mail('batch-c@example.at'));
      // Nothing is written yet: the rows go together as the transaction's last statement.
      const seen = await tx.select({ key: outbox.key }).from(outbox).where(sql`${outbox.key} like 'batch-%'`);
      written.push(...seen.map((row) => row.key));
    });
    expect(written).toEqual([]);
    expect((await outboxRow('batch-1'))?.payload).toMatchObject({ to: 'batch-a@example.at' });
    expect((await outboxRow('batch-2'))?.payload).toMatchObject({ to: 'batch-b@example.at' });
    await expect(
      transactionThen(t.app.db, async (tx) => {
        await t.app.outbox.enqueue(tx, 'notifications.send-email', 'batch-3', mail('batch-d@example.at'));
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect(await outboxRow('batch-3')).toBeUndefined();
    await t.close();
  });

  it('refuses a payload its job would reject, failing the business transaction', async () => {
    const t = await appOverDatabase();
    await expect(
      t.app.db.transaction((tx) => t.app.outbox.enqueue(tx, 'notifications.send-email', 'bad-1', { to: 'nope' })),
    ).rejects.toThrow();
    expect(await outboxRow('bad-1')).toBeUndefined();
    await t.close();
  });

  it('delivers exactly once per key after a crash between commit and delivery', async () => {
    const before = await appOverDatabase();
    await before.app.db.transaction((tx) =>
      before.app.outbox.enqueue(tx, 'notifications.send-email', 'crash-1', mail('crash@example.at')),
    );
    // Same key again (a retried request): still one delivery.
    await before.app.db.transaction((tx) =>
      before.app.outbox.enqueue(tx, 'notifications.send-email', 'crash-1', mail('crash@example.at')),
    );
    await before.close(); // the process dies before the relay ran

    const after = await appOverDatabase();
    await after.app.outboxRelay.drain();
    expect(await mailsFor('crash@example.at')).toHaveLength(1);
    expect((await outboxRow('crash-1'))?.deliveredAt).toBeInstanceOf(Date);

    // The relay delivered but died before recording it: the lease runs out and it delivers again.
    await after.app.db
      .update(outbox)
      .set({ deliveredAt: null, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(outbox.key, 'crash-1'));
    expect(await after.app.outboxRelay.drain()).toBe(1);
    expect(await mailsFor('crash@example.at')).toHaveLength(1);
    expect(await after.app.outboxRelay.drain()).toBe(0);
    await after.close();
  });

  it('counts an attempt when a row is delivered, not when its batch is claimed; a relay past its lease delivers nothing twice (issue 41)', async () => {
    // A worker killed inside a job (test:faults) leaves its claimed batch leased. The row it was
    // delivering has been tried; the others in the batch have not, and must keep their retries.
    const stuck: (() => void)[] = [];
    let hang = true;
    const hangs = defineJob({
      name: 'test.hangs-while-killed',
      payload: z.object({}),
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      handler: () => (hang ? new Promise<void>((resolve) => stuck.push(resolve)) : Promise.resolve()),
    }) as JobDefinition;
    const calls = new Map<string, number>();
    const failsOnce = defineJob({
      name: 'test.fails-once',
      payload: z.object({}),
      retry: { limit: 1, delaySeconds: 0, backoff: false },
      handler: async (_input, { key }) => {
        calls.set(key, (calls.get(key) ?? 0) + 1);
        if (calls.get(key) === 1) throw new Error('temporarily unavailable');
      },
    }) as JobDefinition;
    const t = await createTestApp({ database, build: { jobs: [hangs, failsOnce] } });
    await t.app.db.transaction(async (tx) => {
      await t.app.outbox.enqueue(tx, 'test.hangs-while-killed', 'killed-1:hangs', {});
      await t.app.outbox.enqueue(tx, 'test.fails-once', 'killed-1:a', {});
      await t.app.outbox.enqueue(tx, 'test.fails-once', 'killed-1:b', {});
    });
    const ours = sql`${outbox.key} LIKE 'killed-1:%'`;
    const leaseRunsOut = () =>
      t.app.db.update(outbox).set({ lockedUntil: sql`now() - interval '1 second'` }).where(ours);
    // Two relays "die" on the first row of the batch (their delivery never returns); each time the lease runs out.
    const dead = [t.app.outboxRelay.drain(), t.app.outboxRelay.drain()];
    await expect.poll(() => stuck.length, { timeout: 10_000 }).toBe(1);
    await leaseRunsOut();
    const third = t.app.outboxRelay.drain();
    dead.push(third);
    await expect.poll(() => stuck.length, { timeout: 10_000 }).toBe(2);
    await leaseRunsOut();
    hang = false;
    await t.app.outboxRelay.drain();
    const rows = await t.app.db
      .select({
        key: outbox.key,
        attempts: outbox.attempts,
        deliveredAt: outbox.deliveredAt,
        failedAt: outbox.failedAt,
      })
      .from(outbox)
      .where(ours)
      .orderBy(outbox.key);
    expect(rows.map((row) => [row.key, row.attempts, row.deliveredAt !== null, row.failedAt !== null])).toEqual([
      ['killed-1:a', 2, true, false],
      ['killed-1:b', 2, true, false],
      ['killed-1:hangs', 3, true, false],
    ]);
    // The dead relays wake up past their lease: what another relay finished is not delivered again.
    for (const release of stuck) release();
    await Promise.all(dead);
    expect(Object.fromEntries(calls)).toEqual({ 'killed-1:a': 2, 'killed-1:b': 2 });
    await t.close();
  });

  it('retries a temporary provider failure by the job’s policy', async () => {
    const t = await appOverDatabase();
    await t.app.db.transaction((tx) =>
      t.app.outbox.enqueue(tx, 'test.instant-retry-email', 'flaky-1', mail('someone+flaky@example.at')),
    );
    await t.app.outboxRelay.drain();
    const row = await outboxRow('flaky-1');
    expect(row?.attempts).toBe(3);
    expect(row?.deliveredAt).toBeInstanceOf(Date);
    expect(await mailsFor('someone+flaky@example.at')).toHaveLength(1);
    await t.close();
  });

  it('gives up on a permanent failure and keeps the reason', async () => {
    const t = await appOverDatabase();
    await t.app.db.transaction((tx) =>
      t.app.outbox.enqueue(tx, 'test.instant-retry-email', 'bounce-1', mail('someone+bounce@example.at')),
    );
    await t.app.outboxRelay.drain();
    const row = await outboxRow('bounce-1');
    expect(row?.failedAt).toBeInstanceOf(Date);
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toContain('recipient rejected');
    expect(await mailsFor('someone+bounce@example.at')).toHaveLength(0);
    await t.close();
  });

  it.runIf(usesPostgres())('delivers each row once when two relays race (PostgreSQL)', async () => {
    const a = await appOverDatabase();
    const b = await appOverDatabase();
    await a.app.db.transaction(async (tx) => {
      for (let i = 0; i < 40; i += 1) {
        await a.app.outbox.enqueue(tx, 'notifications.send-email', `race-${i}`, mail(`race${i}@example.at`));
      }
    });
    const [handledA, handledB] = await Promise.all([a.app.outboxRelay.drain(), b.app.outboxRelay.drain()]);
    expect(handledA + handledB).toBe(40);
    const count = await a.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(devMessages)
      .where(sql`recipient LIKE 'race%'`);
    expect(count[0]?.n).toBe(40);
    await a.close();
    await b.close();
  });
});

describe('pg-boss jobs', () => {
  it('runs a queued job and retries it by its policy', async () => {
    const attempts: number[] = [];
    const flakyJob = defineJob({
      name: 'test.count-attempts',
      payload: z.object({ n: z.number().int() }),
      retry: { limit: 2, delaySeconds: 1, backoff: false },
      handler: async ({ n }, { attempt }) => {
        attempts.push(attempt);
        if (attempts.length < 2) throw new Error(`attempt ${attempt} of ${n} fails`);
      },
    }) as JobDefinition;
    const t = await createTestApp({ database, env: { WORKER: 'true' }, build: { jobs: [flakyJob] } });
    await t.app.jobs.send('test.count-attempts', { n: 7 });
    await expect(t.app.jobs.send('test.count-attempts', { n: 'seven' })).rejects.toThrow();
    const deadline = Date.now() + 20_000;
    while (attempts.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(attempts).toEqual([1, 2]);
    await t.close();
  });
});
