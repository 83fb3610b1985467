import { votings } from '@bw/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBulkInvestors } from '../../test/bulk-investors.js';
import { createTestApp } from '../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { assetWithHolders, call, L } from './forum.test-support.js';
import { scheduleNextPhase } from './operations/phase-events.js';

/**
 * ADR 0027: a phase change is a pg-boss job at the moment it is due. The job is queued by one
 * process, that process stops (a restart), and a worker started afterwards on the same database
 * opens the vote on time, once.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

it('a queued phase job survives a restart and opens the vote on time', async () => {
  const first = await createTestApp({ database });
  const holders = await createBulkInvestors(first.app.db, 3, { cashCents: 1n, label: `forum-jobs${process.pid}` });
  const [holder, second1, third] = holders;
  if (!holder || !second1 || !third) throw new Error('no investors');
  const assetId = await assetWithHolders(
    first.app,
    holders.map((investor) => ({ investor, shares: 400n })),
  );
  // Three holders: the suggester and two supporters make it upcoming (ADR 0027 addendum: at least 3).
  const suggested = (
    await call(first.app, 'POST', `${L}/voting`, holder, {
      assetId,
      title: 'Neuer Hausverwalter',
      description: 'Wechsel der Hausverwaltung zum Jahresende.',
      theme: 'Verwaltung',
      options: [{ title: 'Wechseln' }],
    })
  ).json().data;
  expect(suggested.phase).toBe('suggestion');
  await call(first.app, 'POST', `${L}/${assetId}/voting/${suggested.id}/vote`, second1, {});
  const created = (await call(first.app, 'POST', `${L}/${assetId}/voting/${suggested.id}/vote`, third, {})).json().data;
  expect(created.phase).toBe('upcoming');
  // The vote opens in 10 seconds (a restart on a busy machine takes several); this process queues
  // the job and stops before it is due.
  const startsAt = new Date(Date.now() + 10_000);
  await first.app.db.update(votings).set({ startsAt }).where(eq(votings.id, created.id));
  await scheduleNextPhase(
    { jobs: first.app.jobs },
    { ...created, phase: 'upcoming', suggestedAt: new Date(), startsAt, endsAt: null },
  );
  await first.close();

  const second = await createTestApp({ database, env: { WORKER: 'true' } });
  try {
    const phaseOf = async () =>
      (await second.app.db.select({ phase: votings.phase }).from(votings).where(eq(votings.id, created.id)))[0]?.phase;
    expect(await phaseOf()).toBe('upcoming');
    const deadline = Date.now() + 30_000;
    while ((await phaseOf()) !== 'running' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(await phaseOf()).toBe('running');
    // Not before it was due.
    expect(Date.now()).toBeGreaterThanOrEqual(startsAt.getTime());
  } finally {
    await second.close();
  }
}, 60_000);
