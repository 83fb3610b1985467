import { queryRows } from '@bw/db';
import { monthOfDate, viennaDate } from '@bw/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAutoInvest } from '../modules/auto-invest/operations/run.js';
import { createPrimaryAsset } from '../modules/primary-market/primary-market.test-support.js';
import { executeSavingsPlan } from '../modules/savings/operations/execute-plan.js';
import { type BulkInvestor, createBulkInvestors, signAsInvestorApp } from '../test/bulk-investors.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { usesPostgres } from '../test/test-database.js';
import { ledgerViolations } from './ledger-invariant-checks.js';

/**
 * The ledger's invariants (ADR 0005) with the standing orders of issue 40 running beside hand-made
 * purchases, on PostgreSQL: savings plans execute, two auto-invest runs go at once, and investors
 * buy the same assets through the API, all concurrently. Afterwards: 0 violations, and no plan or
 * mandate spent more than its amount or budget.
 */
const PER_GROUP = 12;

describe.skipIf(!usesPostgres())(
  'ledger invariants with savings plans and auto-invest beside hand-made purchases',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t?.close());

    const send = async (investor: BulkInvestor, method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await t.app.inject({ method, url, headers: investor.headers, ...(payload ? { payload } : {}) });
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.body}`);
      return res.json().data;
    };

    it('0 violations; no plan or mandate above its amount', async () => {
      const investors = await createBulkInvestors(t.app.db, PER_GROUP * 3, { cashCents: 200_000n, label: 'inv40' });
      const savers = investors.slice(0, PER_GROUP);
      const autos = investors.slice(PER_GROUP, PER_GROUP * 2);
      const buyers = investors.slice(PER_GROUP * 2);
      const values = { countryCode: 'VA', objectType: 'residential' as const, expectedOngoingDistributionBps: 500 };
      const a = await createPrimaryAsset(t.app.db, { ...values, availableShares: 400, pricePerShareCents: 1_000n });
      const b = await createPrimaryAsset(t.app.db, { ...values, availableShares: 400, pricePerShareCents: 2_500n });

      const plans: string[] = [];
      for (const investor of savers) {
        const plan = await send(investor, 'POST', '/api/v1/user/savingsPlans', {
          amount: '30000',
          dayOfMonth: 1,
          allocations: [
            { assetId: a, percent: 50 },
            { assetId: b, percent: 50 },
          ],
          acknowledgedAppropriateness: true,
        });
        await signAsInvestorApp(t.app, investor, plan.signingRequestId);
        plans.push(plan.id);
      }
      for (const investor of autos) {
        const mandate = await send(investor, 'POST', '/api/v1/user/autoInvest', {
          budget: '40000',
          rules: {
            objectTypes: ['residential'],
            countryCodes: ['VA'],
            minYieldBps: 0,
            maxPortfolioShareBps: 10_000,
            maxDeviationBps: 0,
            markets: ['primary'],
          },
          acknowledgedAppropriateness: true,
        });
        await signAsInvestorApp(t.app, investor, mandate.signingRequestId);
      }

      const month = monthOfDate(viennaDate(new Date()));
      const handMade = async (investor: BulkInvestor) => {
        for (let i = 0; i < 3; i += 1) {
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/v1/assets/initInvestment/${i % 2 === 0 ? a : b}`,
            headers: investor.headers,
            payload: { shares: 2 + i, acknowledgedAppropriateness: true },
          });
          // The standing orders may have sold the asset out meanwhile: a refusal is fine, a 500 is not.
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (res.statusCode === 200) await signAsInvestorApp(t.app, investor, res.json().data.signingRequestId);
        }
      };
      const outcomes = await Promise.allSettled([
        ...plans.map((planId) => executeSavingsPlan(t.app.db, t.app.outbox, t.app.settlements, { planId, month })),
        runAutoInvest(t.app.db, t.app.outbox, t.app.settlements),
        runAutoInvest(t.app.db, t.app.outbox, t.app.settlements),
        ...buyers.map(handMade),
      ]);
      const failures = outcomes.filter((one) => one.status === 'rejected');
      expect(failures, JSON.stringify(failures.map((one) => String(one.reason)))).toEqual([]);
      await t.app.outboxRelay.drain();

      const violations = await ledgerViolations(t.app.db);
      expect(violations).toEqual({
        unbalancedPostings: [],
        emptyPostings: [],
        negativeBalances: [],
        negativeShards: [],
        balancesNotTheirEntries: [],
        unitsNotZero: [],
      });
      const over = await queryRows(
        t.app.db,
        sql`SELECT m.user_id FROM auto_invest_months m JOIN auto_invest_mandates d ON d.id = m.mandate_id
          WHERE m.month = ${month} GROUP BY m.user_id, d.budget_cents HAVING sum(m.spent_cents) > d.budget_cents
          UNION ALL SELECT user_id FROM savings_plan_runs WHERE spent_cents > amount_cents`,
      );
      expect(over).toEqual([]);
      const [bought] = await queryRows<{ plans: string; autos: string }>(
        t.app.db,
        sql`SELECT (SELECT count(*) FROM savings_plan_executions WHERE outcome = 'bought' AND asset_id IN (${a}, ${b}))::text AS plans,
                 (SELECT count(*) FROM auto_invest_executions WHERE outcome = 'bought' AND asset_id IN (${a}, ${b}))::text AS autos`,
      );
      // The standing orders did buy beside the hand-made purchases.
      expect(Number(bought?.plans)).toBeGreaterThan(0);
      expect(Number(bought?.autos)).toBeGreaterThan(0);
    }, 300_000);
  },
);
