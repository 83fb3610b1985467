import {
  assets,
  notifications,
  primaryPurchases,
  queryRows,
  savingsPlanExecutions,
  savingsPlanRuns,
  signingRequests,
} from '@bw/db';
import { viennaDate } from '@bw/domain';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from '../../ledger/ledger.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  answerSigningRequest,
  createTrader,
  fundCash,
  pendingSigningRequests,
  type Trader,
} from '../bulletin-board/bulletin-board.test-support.js';
import { createPrimaryAsset } from '../primary-market/primary-market.test-support.js';
import { runDueSavingsPlans } from './operations/due-plans.js';
import { executeSavingsPlan } from './operations/execute-plan.js';

/**
 * Issue 40 / ADR 0045: a savings plan is signed once in the security app with the whole standing
 * order; each month it buys through the investor's own purchase (trade rules, fees, postings),
 * once per plan and month; a refusal skips that asset and says why; pause, change (a new
 * signature), end; the daily job executes due plans and reminds two days ahead.
 */
let t: TestApp;
const BASE = '/api/v1/user/savingsPlans';

const call = (user: Trader, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload }) });

const unbalancedPostings = async (): Promise<number> =>
  (
    await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM (SELECT posting_id, unit FROM ledger_entries GROUP BY posting_id, unit HAVING sum(amount) <> 0) x`,
    )
  )[0]?.n ?? -1;

const cash = (userId: string) => balanceOf(t.app.db, { kind: 'user_cash', userId });
const shares = (userId: string, assetId: string) => balanceOf(t.app.db, { kind: 'user_shares', userId, assetId });

type Allocation = { assetId: string; percent: number };
const body = (amount: string, allocations: Allocation[], extra: Record<string, unknown> = {}) => ({
  amount,
  dayOfMonth: 5,
  allocations,
  acknowledgedAppropriateness: true,
  ...extra,
});

/** Sets a plan up and signs it in the investor's app. */
const signPlan = async (
  investor: Trader,
  payload: Record<string, unknown>,
  url = BASE,
  method: 'POST' | 'PUT' = 'POST',
) => {
  const res = await call(investor, method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  const plan = res.json().data;
  expect(plan.status).toBe('pending');
  expect((await answerSigningRequest(t.app, investor, plan.signingRequestId)).statusCode).toBe(200);
  return plan.id as string;
};

const overview = async (investor: Trader) => (await call(investor, 'GET', BASE)).json().data;
const planOf = async (investor: Trader, id: string) =>
  (await overview(investor)).plans.find((plan: { id: string }) => plan.id === id);

const executionsOf = (planId: string, month: string) =>
  t.app.db
    .select()
    .from(savingsPlanExecutions)
    .where(and(eq(savingsPlanExecutions.planId, planId), eq(savingsPlanExecutions.month, month)));

const runOf = async (planId: string, month: string) =>
  (
    await t.app.db
      .select()
      .from(savingsPlanRuns)
      .where(and(eq(savingsPlanRuns.planId, planId), eq(savingsPlanRuns.month, month)))
  )[0];

const noteOf = async (key: string) =>
  (
    await t.app.db
      .select({ title: notifications.title, body: notifications.body, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.key, key))
  )[0];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('setting a savings plan up', () => {
  it('refuses what it cannot do with the German reasons, and answers 401 without a session', async () => {
    const investor = await createTrader(t.app, { cashCents: 1n });
    const assetId = await createPrimaryAsset(t.app.db, { availableShares: 100 });
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
    const small = await call(investor, 'POST', BASE, body('2499', [{ assetId, percent: 100 }]));
    expect(small.statusCode).toBe(400);
    expect(small.json().error).toMatchObject({
      code: 'SAVINGS_PLAN_AMOUNT_TOO_SMALL',
      message: 'Ein Sparplan beginnt bei 25,00 € im Monat.',
    });
    const split = await call(investor, 'POST', BASE, body('5000', [{ assetId, percent: 90 }]));
    expect(split.json().error.code).toBe('SAVINGS_PLAN_SPLIT_INVALID');
    const day = await call(investor, 'POST', BASE, { ...body('5000', [{ assetId, percent: 100 }]), dayOfMonth: 30 });
    expect(day.statusCode).toBe(400);
    const unknown = await call(investor, 'POST', BASE, body('5000', [{ assetId: 'gibt-es-nicht', percent: 100 }]));
    expect(unknown.json().error.code).toBe('SAVINGS_PLAN_ASSET_NOT_AVAILABLE');
    const unconfirmed = await call(investor, 'POST', BASE, {
      ...body('5000', [{ assetId, percent: 100 }]),
      acknowledgedAppropriateness: false,
    });
    expect(unconfirmed.json().error.code).toBe('INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED');
    const big = await call(investor, 'POST', BASE, body('600000', [{ assetId, percent: 100 }]));
    expect(big.json().error.code).toBe('INVESTMENT_5K_CONFIRMATION_REQUIRED');
    const none = await call(investor, 'POST', `${BASE}/${crypto.randomUUID()}/pause`);
    expect(none.statusCode).toBe(404);
    expect((await overview(investor)).plans).toEqual([]);
  });

  it('states the whole standing order in the signing request; active only once signed', async () => {
    const investor = await createTrader(t.app, { cashCents: 1n });
    const a = await createPrimaryAsset(t.app.db, { availableShares: 100 });
    const b = await createPrimaryAsset(t.app.db, { availableShares: 100 });
    const res = await call(
      investor,
      'POST',
      BASE,
      body('10000', [
        { assetId: a, percent: 60 },
        { assetId: b, percent: 40 },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json().data;
    const [request] = (await pendingSigningRequests(t.app, investor)).filter((r) => r.id === plan.signingRequestId);
    expect(request?.fields).toMatchObject({
      kind: 'savingsPlan',
      amountCents: '10000',
      assetName: `60 % Testobjekt ${a}, 40 % Testobjekt ${b}`,
      description:
        'Dauerauftrag bis auf Widerruf: monatlich am 5. 100,00 € vom Zahlungskonto in ganze Anteile investieren',
    });
    // Not signed yet: an execution does nothing.
    expect(
      await executeSavingsPlan(t.app.db, t.app.outbox, t.app.settlements, { planId: plan.id, month: '2031-01' }),
    ).toBe('not-active');
    expect((await answerSigningRequest(t.app, investor, plan.signingRequestId, 'reject')).statusCode).toBe(200);
    expect((await planOf(investor, plan.id)).status).toBe('rejected');

    const id = await signPlan(investor, body('10000', [{ assetId: a, percent: 100 }]));
    const active = await planOf(investor, id);
    expect(active).toMatchObject({ status: 'active', amountCents: '10000', dayOfMonth: 5 });
    expect(active.nextExecution).toMatch(/^\d{4}-\d{2}-05$/);
  });
});

describe('executing a savings plan', () => {
  it('buys through the purchase of every investor, split by percentage, once per month, within the amount', async () => {
    const investor = await createTrader(t.app, { cashCents: 100_000n });
    const a = await createPrimaryAsset(t.app.db, { availableShares: 1_000, pricePerShareCents: 1_000n });
    const b = await createPrimaryAsset(t.app.db, { availableShares: 1_000, pricePerShareCents: 700n });
    const planId = await signPlan(
      investor,
      body('10000', [
        { assetId: a, percent: 60 },
        { assetId: b, percent: 40 },
      ]),
    );
    const before = await cash(investor.userId);
    expect(await executeSavingsPlan(t.app.db, t.app.outbox, t.app.settlements, { planId, month: '2031-02' })).toBe(
      'bought',
    );
    const rows = await executionsOf(planId, '2031-02');
    expect(rows.map((row) => [row.assetId, row.outcome, row.budgetCents])).toEqual(
      expect.arrayContaining([
        [a, 'bought', 6_000n],
        [b, 'bought', 4_000n],
      ]),
    );
    const run = await runOf(planId, '2031-02');
    const spent = rows.reduce((sum, row) => sum + row.spentCents, 0n);
    expect(run?.spentCents).toBe(spent);
    expect(spent).toBeLessThanOrEqual(10_000n);
    expect(await cash(investor.userId)).toBe(before - spent);
    for (const row of rows) expect(await shares(investor.userId, row.assetId)).toBe(BigInt(row.shares));
    const purchases = await t.app.db
      .select({ status: primaryPurchases.status })
      .from(primaryPurchases)
      .where(eq(primaryPurchases.userId, investor.userId));
    expect(purchases.map((p) => p.status)).toEqual(['settled', 'settled']);
    const note = await noteOf(`savings:${planId}:2031-02`);
    expect(note?.title).toBe('Sparplan ausgeführt');
    const bought = rows.find((r) => r.assetId === a)?.shares ?? 0;
    expect(note?.body).toContain(`„Testobjekt ${a}“: ${bought} ${bought === 1 ? 'Anteil' : 'Anteile'} für`);
    expect(note?.link).toBe('investments');

    expect(await executeSavingsPlan(t.app.db, t.app.outbox, t.app.settlements, { planId, month: '2031-02' })).toBe(
      'done-before',
    );
    expect(await cash(investor.userId)).toBe(before - spent);
    expect(await unbalancedPostings()).toBe(0);
  });

  it('a refusal on one asset skips that asset and says why; the rest is bought', async () => {
    const investor = await createTrader(t.app, { cashCents: 100_000n });
    const a = await createPrimaryAsset(t.app.db, { availableShares: 1_000, pricePerShareCents: 1_000n });
    const soldOut = await createPrimaryAsset(t.app.db, { availableShares: 5, pricePerShareCents: 1_000n });
    const planId = await signPlan(
      investor,
      body('10000', [
        { assetId: a, percent: 50 },
        { assetId: soldOut, percent: 50 },
      ]),
    );
    await t.app.db.update(assets).set({ availableShares: 0 }).where(eq(assets.id, soldOut));
    expect(await executeSavingsPlan(t.app.db, t.app.outbox, t.app.settlements, { planId, month: '2031-03' })).toBe(
      'partly',
    );
    const skipped = (await executionsOf(planId, '2031-03')).find((row) => row.assetId === soldOut);
    expect(skipped).toMatchObject({ outcome: 'skipped', reason: 'SAVINGS_PLAN_NOTHING_OFFERED', spentCents: 0n });
    const note = await noteOf(`savings:${planId}:2031-03`);
    expect(note?.title).toBe('Sparplan teilweise ausgeführt');
    expect(note?.body).toContain(
      `„Testobjekt ${soldOut}“ übersprungen: Von diesem Objekt wurden keine Anteile angeboten.`,
    );
    const history = (await overview(investor)).executions;
    expect(history.find((row: { assetId: string }) => row.assetId === soldOut).reason).toBe(
      'Von diesem Objekt wurden keine Anteile angeboten.',
    );
    expect(await unbalancedPostings()).toBe(0);
  });

  it('pause executes nothing, resume again; a change needs its own signature and never spends a month twice; end', async () => {
    const investor = await createTrader(t.app, { cashCents: 100_000n });
    const a = await createPrimaryAsset(t.app.db, { availableShares: 1_000, pricePerShareCents: 1_000n });
    const planId = await signPlan(investor, body('5000', [{ assetId: a, percent: 100 }]));
    expect((await call(investor, 'POST', `${BASE}/${planId}/pause`)).json().data.status).toBe('paused');
    expect(await executeSavingsPlan(t.app.db, t.app.outbox, t.app.settlements, { planId, month: '2031-04' })).toBe(
      'not-active',
    );
    expect((await call(investor, 'POST', `${BASE}/${planId}/pause`)).json().error.code).toBe(
      'SAVINGS_PLAN_NOT_CHANGEABLE',
    );
    expect((await call(investor, 'POST', `${BASE}/${planId}/resume`)).json().data.status).toBe('active');
    expect(await executeSavingsPlan(t.app.db, t.app.outbox, t.app.settlements, { planId, month: '2031-04' })).toBe(
      'bought',
    );

    const changed = await call(investor, 'PUT', `${BASE}/${planId}`, body('7500', [{ assetId: a, percent: 100 }]));
    expect(changed.statusCode, changed.body).toBe(200);
    const change = changed.json().data;
    expect(change).toMatchObject({ status: 'pending', replacesPlanId: planId });
    expect((await planOf(investor, planId)).status).toBe('active');
    expect((await answerSigningRequest(t.app, investor, change.signingRequestId)).statusCode).toBe(200);
    expect((await planOf(investor, planId)).status).toBe('replaced');
    expect((await planOf(investor, change.id)).status).toBe('active');
    // The replaced plan executed April: the daily job on a day in April does not execute the change.
    await runDueSavingsPlans(t.app.db, t.app.outbox, new Date('2031-04-20T08:00:00Z'));
    await t.app.outboxRelay.drain();
    expect(await runOf(change.id, '2031-04')).toBeUndefined();

    const ended = await call(investor, 'POST', `${BASE}/${change.id}/end`);
    expect(ended.json().data).toMatchObject({ status: 'ended', nextExecution: null });
    expect(
      await executeSavingsPlan(t.app.db, t.app.outbox, t.app.settlements, { planId: change.id, month: '2031-05' }),
    ).toBe('not-active');

    // Ending a pending plan withdraws its signing request.
    const pending = (await call(investor, 'POST', BASE, body('5000', [{ assetId: a, percent: 100 }]))).json().data;
    await call(investor, 'POST', `${BASE}/${pending.id}/end`);
    const [request] = await t.app.db
      .select({ status: signingRequests.status })
      .from(signingRequests)
      .where(eq(signingRequests.id, pending.signingRequestId));
    expect(request?.status).toBe('rejected');
  });

  it('the daily job executes due plans through the outbox and reminds two days ahead when the balance is short', async () => {
    const investor = await createTrader(t.app, { cashCents: 3_000n });
    const a = await createPrimaryAsset(t.app.db, { availableShares: 1_000, pricePerShareCents: 1_000n });
    const planId = await signPlan(investor, { ...body('5000', [{ assetId: a, percent: 100 }]), dayOfMonth: 10 });
    const [year, month] = viennaDate(new Date()).split('-').map(Number) as [number, number];
    const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;

    await runDueSavingsPlans(t.app.db, t.app.outbox, new Date(`${next}-08T08:00:00Z`));
    const reminder = await noteOf(`savings-reminder:${planId}:${next}`);
    expect(reminder?.title).toBe('Sparplan: Guthaben reicht nicht');
    expect(reminder?.body.replace(/\s/g, ' ')).toContain('Sparplan über 50,00 €');
    expect(reminder?.body.replace(/\s/g, ' ')).toContain('derzeit 30,00 € verfügbar');

    await fundCash(t.app.db, investor.userId, 10_000n);
    await runDueSavingsPlans(t.app.db, t.app.outbox, new Date(`${next}-10T08:00:00Z`));
    await t.app.outboxRelay.drain();
    const [done] = await executionsOf(planId, next);
    // 4 shares at 10 € with the purchase fee; a fifth with its fee would exceed 50 €.
    expect(done).toMatchObject({ outcome: 'bought', shares: 4, spentCents: 4_040n });
    expect((await runOf(planId, next))?.spentCents).toBe(4_040n);
    expect(await shares(investor.userId, a)).toBe(4n);
    // The next day the month is done.
    await runDueSavingsPlans(t.app.db, t.app.outbox, new Date(`${next}-11T08:00:00Z`));
    await t.app.outboxRelay.drain();
    expect(await shares(investor.userId, a)).toBe(4n);
  });
});

describe('property: over random months, balances and refusals', () => {
  it('a plan never spends more than its amount, buys only while signed, and every execution is a balanced posting', async () => {
    const investor = await createTrader(t.app, { cashCents: 1n });
    const a = await createPrimaryAsset(t.app.db, { availableShares: 100_000, pricePerShareCents: 1_000n });
    const b = await createPrimaryAsset(t.app.db, { availableShares: 100_000, pricePerShareCents: 2_300n });
    let month = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          amount: fc.integer({ min: 2_500, max: 40_000 }),
          percentA: fc.integer({ min: 1, max: 99 }),
          balance: fc.integer({ min: 0, max: 50_000 }),
          soldOutB: fc.boolean(),
          signed: fc.boolean(),
        }),
        async ({ amount, percentA, balance, soldOutB, signed }) => {
          month += 1;
          const key = `2035-${String(month).padStart(2, '0')}`;
          await t.app.db
            .update(assets)
            .set({ availableShares: soldOutB ? 0 : 100_000 })
            .where(eq(assets.id, b));
          const payload = body(String(amount), [
            { assetId: a, percent: percentA },
            { assetId: b, percent: 100 - percentA },
          ]);
          const res = await call(investor, 'POST', BASE, payload);
          expect(res.statusCode, res.body).toBe(200);
          const plan = res.json().data;
          if (signed) await answerSigningRequest(t.app, investor, plan.signingRequestId);
          // The balance of this month: whatever was left, topped up or not.
          if (balance > 0) await fundCash(t.app.db, investor.userId, BigInt(balance));
          const before = await cash(investor.userId);
          const outcome = await executeSavingsPlan(t.app.db, t.app.outbox, t.app.settlements, {
            planId: plan.id,
            month: key,
          });
          const rows = await executionsOf(plan.id, key);
          const spent = rows.reduce((sum, row) => sum + row.spentCents, 0n);
          if (!signed) {
            expect(outcome).toBe('not-active');
            expect(rows).toEqual([]);
            await call(investor, 'POST', `${BASE}/${plan.id}/end`);
          } else {
            expect(spent).toBeLessThanOrEqual(BigInt(amount));
            for (const row of rows) expect(row.spentCents).toBeLessThanOrEqual(row.budgetCents);
            expect((await runOf(plan.id, key))?.spentCents).toBe(spent);
            if (soldOutB) expect(rows.find((row) => row.assetId === b)?.outcome).toBe('skipped');
            await call(investor, 'POST', `${BASE}/${plan.id}/end`);
          }
          expect(await cash(investor.userId)).toBe(before - spent);
          expect(await unbalancedPostings()).toBe(0);
        },
      ),
      { numRuns: 25 },
    );
  });
});
