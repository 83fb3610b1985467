import { assets, autoInvestExecutions, autoInvestMandates, autoInvestMonths, notifications, queryRows } from '@bw/db';
import { type AutoInvestRules, SIGNING_DETAIL_MAX_LENGTH } from '@bw/domain';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from '../../ledger/ledger.js';
import { createBulkInvestors, signAsInvestorApp } from '../../test/bulk-investors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  answerSigningRequest,
  createTrader,
  fundCash,
  type Trader,
} from '../bulletin-board/bulletin-board.test-support.js';
import { createPrimaryAsset } from '../primary-market/primary-market.test-support.js';
import { mandateTexts } from './operations/mandates.js';
import { runAutoInvest } from './operations/run.js';

/**
 * Issue 40 / ADR 0052: auto-invest by rules is signed once with the whole mandate; the job matches
 * the supply to the rules in a rotation and buys each unit through the buy path of every purchase;
 * what it bought or refused is in the inbox; pause, change, end. The fairness test: 100 investors
 * with the same rules and a scarce offer, served in turn. The property: never more than the budget,
 * nothing without a signed mandate, every execution a balanced posting.
 */
let t: TestApp;
const BASE = '/api/v1/user/autoInvest';

type Caller = Pick<Trader, 'headers'>;
const call = (user: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload }) });

/** Each test buys in a country of its own, so other tests' mandates and the seeded assets stay apart. */
const rules = (countryCode: string, extra: Record<string, unknown> = {}) => ({
  objectTypes: ['residential'],
  countryCodes: [countryCode],
  minYieldBps: 300,
  maxPortfolioShareBps: 10_000,
  maxDeviationBps: 500,
  markets: ['primary'],
  ...extra,
});
const body = (budget: string, countryCode: string, extra: Record<string, unknown> = {}) => ({
  budget,
  rules: rules(countryCode),
  acknowledgedAppropriateness: true,
  ...extra,
});
const asset = (countryCode: string, values: Partial<typeof assets.$inferInsert> & { availableShares: number }) =>
  createPrimaryAsset(t.app.db, {
    countryCode,
    objectType: 'residential',
    expectedOngoingDistributionBps: 450,
    pricePerShareCents: 1_000n,
    ...values,
  });

const signMandate = async (
  investor: Trader,
  payload: Record<string, unknown>,
  url = BASE,
  method: 'POST' | 'PUT' = 'POST',
) => {
  const res = await call(investor, method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  const mandate = res.json().data;
  expect(mandate.status).toBe('pending');
  expect((await answerSigningRequest(t.app, investor, mandate.signingRequestId)).statusCode).toBe(200);
  return mandate.id as string;
};

const overview = async (investor: Caller) => (await call(investor, 'GET', BASE)).json().data;
const shares = (userId: string, assetId: string) => balanceOf(t.app.db, { kind: 'user_shares', userId, assetId });
const cash = (userId: string) => balanceOf(t.app.db, { kind: 'user_cash', userId });
const notesOf = (userId: string) =>
  t.app.db
    .select({ title: notifications.title, body: notifications.body, key: notifications.key })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.key} LIKE 'auto-invest:%'`));
const unbalancedPostings = async (): Promise<number> =>
  (
    await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM (SELECT posting_id, unit FROM ledger_entries GROUP BY posting_id, unit HAVING sum(amount) <> 0) x`,
    )
  )[0]?.n ?? -1;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('setting auto-invest up', () => {
  it('refuses what it cannot do with the German reasons, answers 401 without a session, and states the whole mandate', async () => {
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: BASE, payload: {} })).statusCode).toBe(401);
    const investor = await createTrader(t.app, { cashCents: 1n });
    const small = await call(investor, 'POST', BASE, body('2499', 'LU'));
    expect(small.statusCode).toBe(400);
    expect(small.json().error).toMatchObject({
      code: 'AUTO_INVEST_BUDGET_TOO_SMALL',
      message: 'Auto-Invest beginnt bei einem Budget von 25,00 € im Monat.',
    });
    const noMarket = await call(investor, 'POST', BASE, { ...body('5000', 'LU'), rules: rules('LU', { markets: [] }) });
    expect(noMarket.statusCode).toBe(400);
    const deviation = await call(investor, 'POST', BASE, {
      ...body('5000', 'LU'),
      rules: rules('LU', { maxDeviationBps: 2_500 }),
    });
    expect(deviation.statusCode).toBe(400);
    const big = await call(investor, 'POST', BASE, body('600000', 'LU'));
    expect(big.json().error.code).toBe('INVESTMENT_5K_CONFIRMATION_REQUIRED');
    // Above 5,000 € with the confirmation, and the widest mandate there is: its wording fits the
    // protocol's 200 characters (it did not, and such a mandate could never be set up).
    const widestRules = rules('LU', {
      objectTypes: ['residential', 'commercial', 'industry', 'energy'],
      countryCodes: [
        'AT',
        'DE',
        'CH',
        'LI',
        'LU',
        'NL',
        'BE',
        'FR',
        'IT',
        'ES',
        'PT',
        'IE',
        'DK',
        'SE',
        'FI',
        'PL',
        'CZ',
        'SK',
        'HU',
        'SI',
      ],
      markets: ['primary', 'secondary'],
      minYieldBps: 10_000,
      maxPortfolioShareBps: 10_000,
      maxDeviationBps: 2_000,
    });
    const widest = await call(investor, 'POST', BASE, {
      ...body('100000000', 'LU'),
      accepted5kLimit: true,
      rules: widestRules,
    });
    expect(widest.statusCode, widest.body).toBe(200);
    await call(investor, 'POST', `${BASE}/${widest.json().data.id}/end`);
    // ... and as a change ("Geändertes …"), the longest wording there is.
    const changeTexts = mandateTexts(100_000_000n, widestRules as AutoInvestRules, true, true);
    expect(changeTexts.description.length).toBeLessThanOrEqual(SIGNING_DETAIL_MAX_LENGTH);
    expect(changeTexts.assetName.length).toBeLessThanOrEqual(SIGNING_DETAIL_MAX_LENGTH);
    expect((await call(investor, 'POST', `${BASE}/${crypto.randomUUID()}/pause`)).statusCode).toBe(404);

    const res = await call(investor, 'POST', BASE, {
      ...body('50000', 'LU'),
      rules: rules('LU', { objectTypes: ['residential', 'energy'], markets: ['primary', 'secondary'] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const mandate = res.json().data;
    const requests = await t.app.inject({
      url: '/api/v1/securityApp/signingRequests?status=pending',
      headers: investor.appHeaders,
    });
    const request = requests.json().data.find((one: { id: string }) => one.id === mandate.signingRequestId);
    expect(request.fields).toMatchObject({
      kind: 'autoInvest',
      amountCents: '50000',
      assetName: 'Objekte: Wohnen, Energie; Länder: LU; Märkte: Zeichnung und Marktplatz',
      description:
        'Auto-Invest bis auf Widerruf: bis 500,00 €/Monat; Rendite ab 3,00 %; je Objekt max. 100,00 % des Portfolios; höchstens 5,00 % über 30-Tage-Schnitt',
    });
    // Nothing buys before the signature.
    const a = await asset('LU', { availableShares: 100 });
    await fundCash(t.app.db, investor.userId, 100_000n);
    await runAutoInvest(t.app.db, t.app.outbox, t.app.settlements);
    expect(await shares(investor.userId, a)).toBe(0n);
    expect((await answerSigningRequest(t.app, investor, mandate.signingRequestId)).statusCode).toBe(200);
    expect((await overview(investor)).mandates[0]).toMatchObject({ id: mandate.id, status: 'active' });
    expect((await call(investor, 'POST', BASE, body('5000', 'LU'))).json().error.code).toBe('AUTO_INVEST_ALREADY_OPEN');
    await call(investor, 'POST', `${BASE}/${mandate.id}/end`);
  });
});

describe('the run', () => {
  it('buys matching supply in units through the buy path, within the budget, and says so in the inbox', async () => {
    const investor = await createTrader(t.app, { cashCents: 100_000n });
    const a = await asset('LI', { availableShares: 1_000, pricePerShareCents: 1_000n });
    const lowYield = await asset('LI', { availableShares: 1_000, expectedOngoingDistributionBps: 100 });
    const mandateId = await signMandate(investor, body('25000', 'LI'));
    const before = await cash(investor.userId);
    const outcome = await runAutoInvest(t.app.db, t.app.outbox, t.app.settlements);
    expect(outcome.bought).toBeGreaterThan(0);
    // 250 € budget in units of 100 €: 9 + 9 + 6 shares at 10 € with the 1 % purchase fee.
    const bought = await shares(investor.userId, a);
    expect(bought).toBe(24n);
    expect(await shares(investor.userId, lowYield)).toBe(0n);
    const spent = before - (await cash(investor.userId));
    expect(spent).toBeLessThanOrEqual(25_000n);
    const view = await overview(investor);
    expect(view.mandates[0]).toMatchObject({ id: mandateId, spentThisMonthCents: spent.toString() });
    expect(view.executions.filter((one: { outcome: string }) => one.outcome === 'bought')).toHaveLength(3);
    const [note] = await notesOf(investor.userId);
    expect(note?.title.replace(/\s/g, ' ')).toBe(
      `Auto-Invest: ${(Number(spent) / 100).toFixed(2).replace('.', ',')} € investiert`,
    );
    expect(note?.body).toContain(`„Testobjekt ${a}“: 24 Anteile`);
    // The budget of the month is used: a second run buys nothing more.
    await runAutoInvest(t.app.db, t.app.outbox, t.app.settlements);
    expect(await shares(investor.userId, a)).toBe(24n);
    expect(await unbalancedPostings()).toBe(0);
    await call(investor, 'POST', `${BASE}/${mandateId}/end`);
  });

  it('refuses with the reason: the portfolio limit, a balance too low; told once a month', async () => {
    const capped = await createTrader(t.app, { cashCents: 10_000n });
    const poor = await createTrader(t.app, { cashCents: 500n });
    const a = await asset('MC', { availableShares: 1_000, pricePerShareCents: 1_000n });
    const cappedId = await signMandate(capped, {
      ...body('5000', 'MC'),
      rules: rules('MC', { maxPortfolioShareBps: 500 }),
    });
    const poorId = await signMandate(poor, body('5000', 'MC'));
    await runAutoInvest(t.app.db, t.app.outbox, t.app.settlements);
    // 5 % of 100 € is 5 €: less than one share with its fee.
    expect(await shares(capped.userId, a)).toBe(0n);
    const [cappedNote] = await notesOf(capped.userId);
    expect(cappedNote?.title).toBe('Auto-Invest: nichts gekauft');
    expect(cappedNote?.body).toContain(
      'nicht gekauft: Dieses Objekt hat den höchsten Anteil an deinem Portfolio erreicht, den deine Regeln erlauben.',
    );
    const [poorNote] = await notesOf(poor.userId);
    expect(poorNote?.title).toBe('Auto-Invest: nichts gekauft');
    expect((await overview(poor)).executions[0]).toMatchObject({ outcome: 'refused' });
    await runAutoInvest(t.app.db, t.app.outbox, t.app.settlements);
    expect(await notesOf(capped.userId)).toHaveLength(1);
    await call(capped, 'POST', `${BASE}/${cappedId}/end`);
    await call(poor, 'POST', `${BASE}/${poorId}/end`);
  });

  it('pause, change (a new signature, the month carried) and end', async () => {
    const investor = await createTrader(t.app, { cashCents: 100_000n });
    const a = await asset('SM', { availableShares: 1_000, pricePerShareCents: 1_000n });
    const id = await signMandate(investor, body('5000', 'SM'));
    expect((await call(investor, 'POST', `${BASE}/${id}/pause`)).json().data.status).toBe('paused');
    await runAutoInvest(t.app.db, t.app.outbox, t.app.settlements);
    expect(await shares(investor.userId, a)).toBe(0n);
    expect((await call(investor, 'POST', `${BASE}/${id}/resume`)).json().data.status).toBe('active');
    await runAutoInvest(t.app.db, t.app.outbox, t.app.settlements);
    expect(await shares(investor.userId, a)).toBe(4n);

    const changed = await call(investor, 'PUT', `${BASE}/${id}`, body('10000', 'SM'));
    expect(changed.statusCode, changed.body).toBe(200);
    const change = changed.json().data;
    expect(change).toMatchObject({ status: 'pending', replacesMandateId: id });
    expect((await answerSigningRequest(t.app, investor, change.signingRequestId)).statusCode).toBe(200);
    const view = await overview(investor);
    expect(view.mandates.find((one: { id: string }) => one.id === id).status).toBe('replaced');
    expect(view.mandates.find((one: { id: string }) => one.id === change.id).status).toBe('active');
    // The 40.40 € spent this month count for the new budget of 100 €: at most 59.60 € more.
    await runAutoInvest(t.app.db, t.app.outbox, t.app.settlements);
    expect(await shares(investor.userId, a)).toBe(9n);
    const [month] = await queryRows<{ spent: string }>(
      t.app.db,
      sql`SELECT sum(spent_cents)::text AS spent FROM auto_invest_months WHERE user_id = ${investor.userId}`,
    );
    expect(BigInt(month?.spent ?? '0')).toBeLessThanOrEqual(10_000n);
    expect((await call(investor, 'POST', `${BASE}/${change.id}/end`)).json().data.status).toBe('ended');
    await fundCash(t.app.db, investor.userId, 1n);
    await runAutoInvest(t.app.db, t.app.outbox, t.app.settlements, new Date(), { month: '2040-01' });
    expect(await shares(investor.userId, a)).toBe(9n);
  });
});

describe('fairness (ADR 0052)', () => {
  it('100 investors with the same rules and a scarce offer: served in turn, everyone within 10 runs, nobody always first', async () => {
    const investors = await createBulkInvestors(t.app.db, 100, { cashCents: 1_000_000n, label: 'fair' });
    for (const investor of investors) {
      const res = await call(investor, 'POST', BASE, body('100000', 'AD'));
      expect(res.statusCode, res.body).toBe(200);
      await signAsInvestorApp(t.app, investor, res.json().data.signingRequestId);
    }
    const servedRuns: string[][] = [];
    for (let run = 0; run < 12; run += 1) {
      // A scarce offer: a financing phase of 10 shares of 100 € — one per investor's turn (sold out,
      // the phase ends).
      await asset('AD', { availableShares: 10, pricePerShareCents: 10_000n });
      const runId = crypto.randomUUID();
      await runAutoInvest(t.app.db, t.app.outbox, t.app.settlements, new Date(), { runId });
      const rows = await t.app.db
        .select({ mandateId: autoInvestExecutions.mandateId })
        .from(autoInvestExecutions)
        .where(and(eq(autoInvestExecutions.runId, runId), eq(autoInvestExecutions.outcome, 'bought')))
        .orderBy(autoInvestExecutions.createdAt, autoInvestExecutions.id);
      servedRuns.push(rows.map((row) => row.mandateId));
    }
    for (const served of servedRuns) expect(new Set(served).size).toBe(10);
    const firstTen = servedRuns.slice(0, 10).flat();
    // Every investor is served once in the first ten runs: nobody twice before everybody once.
    expect(new Set(firstTen).size).toBe(100);
    // Runs 11 and 12 serve again those served in runs 1 and 2, in the same order.
    expect(new Set(servedRuns[10])).toEqual(new Set(servedRuns[0]));
    expect(new Set(servedRuns[11])).toEqual(new Set(servedRuns[1]));
    const [order] = await queryRows<{ ids: string[] }>(
      t.app.db,
      sql`SELECT array_agg(mandate_id::text ORDER BY created_at, id) AS ids FROM auto_invest_executions WHERE mandate_id IN (SELECT id FROM auto_invest_mandates WHERE country_codes = '["AD"]'::jsonb) AND outcome = 'bought'`,
    );
    expect(order?.ids).toHaveLength(120);
    // Each served investor holds what the turn bought: one share per turn, 120 in all.
    const [held] = await queryRows<{ n: string }>(
      t.app.db,
      sql`SELECT coalesce(sum(balance), 0)::text AS n FROM ledger_accounts WHERE kind = 'user_shares' AND user_id IN (SELECT user_id FROM auto_invest_mandates WHERE country_codes = '["AD"]'::jsonb)`,
    );
    expect(held?.n).toBe('120');
    // The first served differs from run to run: nobody is always first.
    expect(new Set(servedRuns.map((served) => served[0])).size).toBeGreaterThan(1);
    expect(await unbalancedPostings()).toBe(0);
    await t.app.db
      .update(autoInvestMandates)
      .set({ status: 'ended' })
      .where(sql`${autoInvestMandates.countryCodes} = '["AD"]'::jsonb`);
  }, 300_000);
});

describe('property: over random months, balances and refusals', () => {
  it('auto-invest never spends more than its budget, buys only under a signed mandate, and every execution is a balanced posting', async () => {
    const investor = await createTrader(t.app, { cashCents: 1n });
    await asset('SI', { availableShares: 100_000, pricePerShareCents: 1_000n });
    const b = await asset('SI', { availableShares: 100_000, pricePerShareCents: 2_300n });
    let month = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          budget: fc.integer({ min: 2_500, max: 40_000 }),
          balance: fc.integer({ min: 0, max: 50_000 }),
          soldOutB: fc.boolean(),
          signed: fc.boolean(),
          runs: fc.integer({ min: 1, max: 3 }),
        }),
        async ({ budget, balance, soldOutB, signed, runs }) => {
          month += 1;
          const key = `2045-${String(month).padStart(2, '0')}`;
          await t.app.db
            .update(assets)
            .set({ availableShares: soldOutB ? 0 : 100_000 })
            .where(eq(assets.id, b));
          const res = await call(investor, 'POST', BASE, body(String(budget), 'SI'));
          expect(res.statusCode, res.body).toBe(200);
          const mandate = res.json().data;
          if (signed) await answerSigningRequest(t.app, investor, mandate.signingRequestId);
          if (balance > 0) await fundCash(t.app.db, investor.userId, BigInt(balance));
          const before = await cash(investor.userId);
          for (let run = 0; run < runs; run += 1)
            await runAutoInvest(t.app.db, t.app.outbox, t.app.settlements, new Date(), { month: key });
          const rows = await t.app.db
            .select()
            .from(autoInvestExecutions)
            .where(and(eq(autoInvestExecutions.mandateId, mandate.id), eq(autoInvestExecutions.month, key)));
          const spent = rows.reduce((sum, row) => sum + row.spentCents, 0n);
          if (!signed) expect(rows).toEqual([]);
          expect(spent).toBeLessThanOrEqual(BigInt(budget));
          for (const row of rows) expect(row.spentCents).toBeLessThanOrEqual(row.budgetCents);
          const [monthRow] = await t.app.db
            .select()
            .from(autoInvestMonths)
            .where(and(eq(autoInvestMonths.mandateId, mandate.id), eq(autoInvestMonths.month, key)));
          expect(monthRow?.spentCents ?? 0n).toBe(spent);
          expect(await cash(investor.userId)).toBe(before - spent);
          expect(await unbalancedPostings()).toBe(0);
          await call(investor, 'POST', `${BASE}/${mandate.id}/end`);
        },
      ),
      { numRuns: 20 },
    );
  }, 300_000);
});
