import { assets, distributionRuns, ledgerAccountBalances, personalInformation, queryRows, transactions } from '@bw/db';
import { parsePeriodKey, periodContaining } from '@bw/domain';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hold, post } from '../../ledger/ledger.js';
import { systemActor } from '../../platform/audit.js';
import { type BulkInvestor, createBulkInvestors } from '../../test/bulk-investors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { samplePvAsset } from '../assets/admin/assets-admin.test-support.js';
import { createAsset } from '../assets/admin/create-asset.js';
import { createStaffSession, type StaffLoggedIn } from '../backoffice/backoffice.test-support.js';
import { currentMonth, fourEyes, giveShares, incomeBody, receiveIncome } from './distributions.test-support.js';
import { distributeIncome } from './operations/distribute-income.js';
import {
  approveDistributionProposal,
  DISTRIBUTION_SCHEDULER,
  proposeDueDistributions,
  submitDistributionProposal,
} from './operations/distribution-proposals.js';
import { recordIncome } from './operations/record-income.js';
import { payDistribution } from './operations/run-distribution.js';

/**
 * Issue 22, "must show": the engine over random holdings, trades and amounts pays exactly the
 * income (net + tax + the issuer's part), nobody gets a negative amount, a second run pays
 * nothing, and the ledger balances; the statement PDF reads back with the right totals.
 */
let t: TestApp;
let operator: StaffLoggedIn;
let secondOperator: StaffLoggedIn;
let investors: BulkInvestor[];
const actor = systemActor('distribution-test');
let assetCounter = 0;

const newAsset = async (overrides: Parameters<typeof samplePvAsset>[0] = {}) => {
  assetCounter += 1;
  const id = `dist-${process.pid}-${assetCounter}`;
  await createAsset(
    { db: t.app.db, bus: t.app.bus },
    actor,
    samplePvAsset({ id, distributionFrequency: 'monthly', ...overrides }),
  );
  return id;
};

const balance = async (accountKey: string): Promise<bigint> => {
  const [row] = await t.app.db
    .select({ balance: ledgerAccountBalances.balance })
    .from(ledgerAccountBalances)
    .where(eq(ledgerAccountBalances.accountKey, accountKey));
  return row ? BigInt(row.balance) : 0n;
};

const unbalancedPostings = async (): Promise<number> =>
  (
    await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM (SELECT posting_id, unit FROM ledger_entries GROUP BY posting_id, unit HAVING sum(amount) <> 0) x`,
    )
  )[0]?.n ?? -1;

/** Every user book's balance equals the sum of its entries; every house book's shards equal its entries. */
const booksDisagreeWithEntries = async (): Promise<number> =>
  (
    await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM ledger_account_balances b
        LEFT JOIN (SELECT account_id, sum(amount) AS s FROM ledger_entries GROUP BY account_id) e ON e.account_id = b.id
        WHERE b.balance <> coalesce(e.s, 0)`,
    )
  )[0]?.n ?? -1;

const deps = () => ({ db: t.app.db, outbox: t.app.outbox });
/** The engine itself (what an approval calls inside its transaction). */
const pay = (assetId: string, periodKey: string) =>
  t.app.db.transaction((tx) => payDistribution(tx, deps(), actor, assetId, { periodKey }));

beforeAll(async () => {
  t = await createTestApp();
  operator = await createStaffSession(t.app, 'operator');
  secondOperator = await createStaffSession(t.app, 'operator');
  investors = await createBulkInvestors(t.app.db, 8, { cashCents: 1n, label: `dist${process.pid}` });
  // A church member in Bavaria and one in Berlin (ADR 0030).
  const churchMember = (userId: string | undefined, churchTaxState: 'DE-BY' | 'DE-BE') =>
    t.app.db
      .update(personalInformation)
      .set({ hasChurchTax: true, churchTaxState })
      .where(eq(personalInformation.userId, userId ?? ''));
  await churchMember(investors[0]?.userId, 'DE-BY');
  await churchMember(investors[1]?.userId, 'DE-BE');
});
afterAll(async () => t.close());

describe('distribution runs through the back office', () => {
  it('records rent, distributes it with KESt, refuses nothing twice, and the statement PDF parses back', async () => {
    const assetId = await newAsset({ totalShares: 4 });
    const [a, b] = investors;
    if (!a || !b) throw new Error('investors missing');
    await giveShares(t.app.db, a.userId, assetId, 2n);
    await giveShares(t.app.db, b.userId, assetId, 1n);
    const month = currentMonth();
    const P = `/admin/api/v1/assets/${assetId}`;

    const income = await t.app.inject({
      method: 'POST',
      url: `${P}/incomes`,
      headers: operator.headers,
      payload: incomeBody(month, '10000'),
    });
    expect(income.statusCode, income.body).toBe(200);
    expect(income.json().data.status).toBe('expected');
    const early = await t.app.inject({
      method: 'POST',
      url: `${P}/distributions`,
      headers: operator.headers,
      payload: { periodKey: month },
    });
    // Not distributable before the provider confirms the money arrived (issue 34).
    expect(early.json().error.code).toBe('DISTRIBUTION_NO_INCOME');
    await receiveIncome(t.app, income.json().data);

    const proposed = await t.app.inject({
      method: 'POST',
      url: `${P}/distributions`,
      headers: operator.headers,
      payload: { periodKey: month },
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json().data).toMatchObject({ status: 'submitted', income: '10000', run: null });
    const approveUrl = `${P}/distributions/proposals/${proposed.json().data.id}/approve`;
    // Four eyes (issue 35): the submitter may not approve; nothing is paid until a second person does.
    const own = await t.app.inject({ method: 'POST', url: approveUrl, headers: operator.headers });
    expect(own.json().error).toMatchObject({
      code: 'DISTRIBUTION_FOUR_EYES_REQUIRED',
      message: 'Eine zweite Person muss die Ausschüttung freigeben.',
    });
    expect(await t.app.db.select().from(transactions).where(eq(transactions.assetId, assetId))).toHaveLength(0);
    const approved = await t.app.inject({ method: 'POST', url: approveUrl, headers: secondOperator.headers });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('approved');
    const run = { json: () => ({ data: approved.json().data.run }) };
    expect(run.json().data).toMatchObject({
      income: '10000',
      investorsGross: '7500',
      issuer: '2500',
      tax: String(1375 + 687),
      holders: 2,
      alreadyRun: false,
    });

    const again = await t.app.inject({
      method: 'POST',
      url: `${P}/distributions`,
      headers: operator.headers,
      payload: { periodKey: month },
    });
    expect(again.json().data).toMatchObject({ status: 'approved', run: { id: run.json().data.id } });
    const twice = await t.app.inject({ method: 'POST', url: approveUrl, headers: secondOperator.headers });
    expect(twice.json().error.code).toBe('DISTRIBUTION_PROPOSAL_CLOSED');
    const rows = await t.app.db.select().from(transactions).where(eq(transactions.assetId, assetId));
    expect(rows.map((r) => [r.userId, r.type, r.amountCents, r.taxLines, r.fiscalPeriod]).sort()).toEqual(
      [
        [a.userId, 'rent', 3625n, [{ taxType: 'KESt', amountCents: '1375' }], month],
        [b.userId, 'rent', 1813n, [{ taxType: 'KESt', amountCents: '687' }], month],
      ].sort(),
    );

    // Issue 23: each holder's inbox gets the payment and the tax statement that is now ready, once.
    await t.app.outboxRelay.drain();
    const inbox = await t.app.inject({ method: 'GET', url: '/api/v1/notification', headers: a.headers });
    expect(inbox.statusCode, inbox.body).toBe(200);
    const forRun = (inbox.json().data.items as { event: string; title: string; body: string; seen: boolean }[]).filter(
      (item) => item.event === 'document.ready' || item.body.includes('36,25'),
    );
    expect(
      forRun.map(({ event, title, seen }) => ({ event, title, seen })).sort((x, y) => x.event.localeCompare(y.event)),
    ).toEqual([
      { event: 'distribution.paid', title: 'Ausschüttung erhalten', seen: false },
      { event: 'document.ready', title: 'Neues Dokument: Steuerbescheinigung', seen: false },
    ]);
    const bInbox = await t.app.inject({ method: 'GET', url: '/api/v1/notification', headers: b.headers });
    expect(
      (bInbox.json().data.items as { event: string; body: string }[]).filter(
        (item) => item.event === 'distribution.paid' && item.body.includes('18,13'),
      ),
    ).toHaveLength(1);

    // The investor sees it in the account and in the investment; collectedRent counts it.
    const account = await t.app.inject({ method: 'GET', url: '/api/v1/payment/account', headers: a.headers });
    const tx = account.json().data.pastTransactions.find((x: { assetId: string }) => x.assetId === assetId);
    expect(tx).toMatchObject({ type: 'rent', amount: '3625', taxes: [{ taxType: 'KESt', amount: '1375' }] });
    expect(account.json().data.availableAmount).toBe(String(1 + 3625));
    // Listed (the lifecycle with four eyes is tested in the back office): collectedRent counts the payment.
    await t.app.db.update(assets).set({ stage: 'secondary' }).where(eq(assets.id, assetId));
    // Her purchase of the 2 shares (200.00 €), a year ago: the returns close with today's value.
    await t.app.db.insert(transactions).values({
      userId: a.userId,
      assetId,
      type: 'buy',
      status: 'success',
      method: 'account',
      amountCents: 20_000n,
      createdAt: new Date(Date.now() - 365 * 86_400_000),
    });
    const investments = await t.app.inject({ method: 'GET', url: '/api/v1/user/investments', headers: a.headers });
    expect(investments.statusCode, investments.body).toBe(200);
    const holding = investments.json().data.holdings.find((h: { assetId: string }) => h.assetId === assetId);
    expect(holding).toMatchObject({ shares: 2, collectedRent: '3625' });
    // −200.00 € a year ago; +36.25 € and the value 200.00 € today: 18.125 % p.a. and in total.
    expect(holding.irrBps).toBeGreaterThanOrEqual(1811);
    expect(holding.irrBps).toBeLessThanOrEqual(1813);
    expect(holding.totalReturnBps).toBeGreaterThanOrEqual(1812);
    expect(holding.totalReturnBps).toBeLessThanOrEqual(1813);

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/user/taxStatements', headers: a.headers });
    const year = new Date().getUTCFullYear();
    expect(list.json().data.years[0]).toMatchObject({ year });
    const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/user/taxStatements/${year}`, headers: a.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text).toContain(`Steuerbescheinigung ${year}`);
    expect(text).toContain('Ausschüttungen');
    const totals = JSON.parse(list.json().data.years[0].gross) as number;
    expect(totals).toBeGreaterThanOrEqual(5000);
    expect(text).toMatch(/Summe Bruttoerträge\s*[\d.]+,\d\d €/);
    expect(text).toContain(`Summe KESt (27,5 %) ${formatEur(list.json().data.years[0].tax)}`);
    expect(text).toContain(`Summe ausbezahlt (netto) ${formatEur(list.json().data.years[0].net)}`);

    const guest = await t.app.inject({ method: 'GET', url: `/api/v1/user/taxStatements/${year}` });
    expect(guest.statusCode).toBe(401);
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/user/taxStatements/2001', headers: a.headers });
    expect(none.statusCode).toBe(404);
  });

  it('refuses bad input clearly and writes nothing', async () => {
    const assetId = await newAsset();
    const P = `/admin/api/v1/assets/${assetId}`;
    const bad = await t.app.inject({
      method: 'POST',
      url: `${P}/distributions`,
      headers: operator.headers,
      payload: { periodKey: '2026-Q5' },
    });
    expect(bad.statusCode).toBe(400);
    const noIncome = await t.app.inject({
      method: 'POST',
      url: `${P}/distributions`,
      headers: operator.headers,
      payload: { periodKey: currentMonth() },
    });
    expect(noIncome.json().error.code).toBe('DISTRIBUTION_NO_INCOME');
    const future = await t.app.inject({
      method: 'POST',
      url: `${P}/incomes`,
      headers: operator.headers,
      payload: { ...incomeBody(currentMonth()), receivedOn: '2999-01-01' },
    });
    expect(future.json().error.code).toBe('INCOME_RECEIVED_IN_FUTURE');
    const order = await t.app.inject({
      method: 'POST',
      url: `${P}/incomes`,
      headers: operator.headers,
      payload: { ...incomeBody(currentMonth()), periodEnd: '2000-01-01' },
    });
    expect(order.statusCode).toBe(400);
    const noShares = await t.app.inject({
      method: 'POST',
      url: `${P}/incomes`,
      headers: operator.headers,
      payload: incomeBody(currentMonth()),
    });
    expect(noShares.statusCode).toBe(200);
    await receiveIncome(t.app, noShares.json().data);
    const proposal = await t.app.inject({
      method: 'POST',
      url: `${P}/distributions`,
      headers: operator.headers,
      payload: { periodKey: currentMonth() },
    });
    const run = await t.app.inject({
      method: 'POST',
      url: `${P}/distributions/proposals/${proposal.json().data.id}/approve`,
      headers: secondOperator.headers,
    });
    expect(run.json().error.code).toBe('DISTRIBUTION_NO_SHARES');
    expect(await t.app.db.select().from(distributionRuns).where(eq(distributionRuns.assetId, assetId))).toHaveLength(0);
  });
});

describe('distribution periods follow the asset (issue 35)', () => {
  const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000);

  it('a monthly asset refuses a quarterly run and an income across its periods, in German', async () => {
    const assetId = await newAsset();
    const P = `/admin/api/v1/assets/${assetId}`;
    const quarter = `${new Date().getUTCFullYear()}-Q1`;
    const refused = await t.app.inject({
      method: 'POST',
      url: `${P}/distributions`,
      headers: operator.headers,
      payload: { periodKey: quarter },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'DISTRIBUTION_PERIOD_NOT_ASSET_FREQUENCY',
      message: 'Der Zeitraum passt nicht zum Ausschüttungsrhythmus des Objekts.',
    });
    const across = await t.app.inject({
      method: 'POST',
      url: `${P}/incomes`,
      headers: operator.headers,
      payload: { ...incomeBody(`${new Date().getUTCFullYear() - 1}-Q1`), receivedOn: '2001-01-01' },
    });
    expect(across.statusCode).toBe(400);
    expect(across.json().error).toMatchObject({
      code: 'INCOME_PERIOD_NOT_ASSET_FREQUENCY',
      message: 'Der Zeitraum der Einnahme muss in einem Ausschüttungszeitraum des Objekts liegen.',
    });
    const quarterly = await newAsset({ distributionFrequency: 'quarterly' });
    const monthOnQuarterly = await t.app.inject({
      method: 'POST',
      url: `/admin/api/v1/assets/${quarterly}/distributions`,
      headers: operator.headers,
      payload: { periodKey: currentMonth() },
    });
    expect(monthOnQuarterly.json().error.code).toBe('DISTRIBUTION_PERIOD_NOT_ASSET_FREQUENCY');
    expect(await t.app.db.select().from(distributionRuns).where(eq(distributionRuns.assetId, assetId))).toHaveLength(0);
  });

  it('income for a paid period is carried into the next run, which the scheduler proposes and a second person approves', async () => {
    const assetId = await newAsset({ totalShares: 10, spvCountryCode: 'DE' });
    await t.app.db.update(assets).set({ stage: 'secondary' }).where(eq(assets.id, assetId));
    const holder = investors[3];
    if (!holder) throw new Error('investor missing');
    await giveShares(t.app.db, holder.userId, assetId, 10n);
    const month = currentMonth();
    const first = await distributeIncome(deps(), fourEyes('carry-test'), assetId, {
      periodKey: month,
      income: incomeBody(month, '10000'),
    });
    expect(first).toMatchObject({ income: '10000', carriedIncome: '0' });

    // The tenant's back payment for the month already paid arrives afterwards.
    const late = await recordIncome(deps(), actor, assetId, { ...incomeBody(month, '5000'), note: 'Nachzahlung' });
    expect(late).toMatchObject({ status: 'expected', carriedOver: true, carriedInto: null });
    // Distributable once the provider confirms the transfer (issue 34).
    await receiveIncome(t.app, late);
    const P = `/admin/api/v1/assets/${assetId}`;
    const shown = await t.app.inject({ method: 'GET', url: `${P}/distributions`, headers: operator.headers });
    expect(shown.json().data.incomes.find((i: { id: string }) => i.id === late.id)).toMatchObject({
      status: 'recorded',
      carriedOver: true,
    });

    // The scheduler, on the day after the next month ends, proposes that month with the carried income.
    const next = periodContaining(
      'monthly',
      dayAfter(parsePeriodKey(month)?.end ?? '')
        .toISOString()
        .slice(0, 10),
    );
    const due = dayAfter(next.end);
    const made = await proposeDueDistributions(deps(), due);
    const proposal = made.find((p) => p.assetId === assetId);
    expect(proposal).toMatchObject({
      periodKey: next.key,
      status: 'proposed',
      recordDate: next.end,
      income: '5000',
      carriedIncome: '5000',
      proposedBy: 'system:distribution-scheduler',
    });
    expect((await proposeDueDistributions(deps(), due)).find((p) => p.assetId === assetId)).toBeUndefined();
    const id = proposal?.id ?? '';

    // Nothing pays without approval: not the scheduler, not before submission, not the submitter.
    await expect(approveDistributionProposal(deps(), DISTRIBUTION_SCHEDULER, assetId, id, due)).rejects.toMatchObject({
      code: 'DISTRIBUTION_PROPOSAL_CLOSED',
    });
    const checker = systemActor('carry-checker');
    await submitDistributionProposal(deps(), checker, assetId, id, due);
    await expect(approveDistributionProposal(deps(), checker, assetId, id, due)).rejects.toMatchObject({
      code: 'DISTRIBUTION_FOUR_EYES_REQUIRED',
    });
    await expect(approveDistributionProposal(deps(), DISTRIBUTION_SCHEDULER, assetId, id, due)).rejects.toMatchObject({
      code: 'DISTRIBUTION_FOUR_EYES_REQUIRED',
    });
    const paidBefore = await t.app.db.select().from(transactions).where(eq(transactions.assetId, assetId));
    expect(paidBefore).toHaveLength(1);

    const approved = await approveDistributionProposal(deps(), systemActor('carry-approver'), assetId, id, due);
    expect(approved).toMatchObject({ status: 'approved', decidedBy: 'system:carry-approver' });
    expect(approved.run).toMatchObject({ periodKey: next.key, income: '5000', carriedIncome: '5000', holders: 1 });
    const paid = await t.app.db.select().from(transactions).where(eq(transactions.assetId, assetId));
    expect(paid.map((p) => p.fiscalPeriod).sort()).toEqual([month, next.key].sort());
    expect(await balance(`asset_income:${assetId}`)).toBe(0n);
    const after = await t.app.inject({ method: 'GET', url: `${P}/distributions`, headers: operator.headers });
    expect(after.json().data.incomes.find((i: { id: string }) => i.id === late.id)).toMatchObject({
      status: 'distributed',
      carriedOver: true,
      carriedInto: next.key,
    });
    expect(after.json().data.proposals[0]).toMatchObject({ id, status: 'approved' });
    expect(await unbalancedPostings()).toBe(0);
  });

  it('an operator declines a proposal with a reason; it pays nothing and may be proposed again', async () => {
    const assetId = await newAsset({ totalShares: 10 });
    await giveShares(t.app.db, investors[4]?.userId ?? '', assetId, 10n);
    const month = currentMonth();
    await receiveIncome(t.app, await recordIncome(deps(), actor, assetId, incomeBody(month, '700')));
    const P = `/admin/api/v1/assets/${assetId}`;
    const proposed = await t.app.inject({
      method: 'POST',
      url: `${P}/distributions`,
      headers: operator.headers,
      payload: { periodKey: month },
    });
    const declined = await t.app.inject({
      method: 'POST',
      url: `${P}/distributions/proposals/${proposed.json().data.id}/decline`,
      headers: secondOperator.headers,
      payload: { reason: 'Beleg fehlt' },
    });
    expect(declined.json().data).toMatchObject({ status: 'declined', declineReason: 'Beleg fehlt', run: null });
    expect(await t.app.db.select().from(transactions).where(eq(transactions.assetId, assetId))).toHaveLength(0);
    const again = await t.app.inject({
      method: 'POST',
      url: `${P}/distributions`,
      headers: secondOperator.headers,
      payload: { periodKey: month },
    });
    expect(again.json().data).toMatchObject({ status: 'submitted', income: '700' });
    expect(again.json().data.id).not.toBe(proposed.json().data.id);
  });
});

const formatEur = (cents: string): string => {
  const value = BigInt(cents);
  const euros = (value / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${euros},${(value % 100n).toString().padStart(2, '0')} €`;
};

describe('distribution engine (property, fast-check)', () => {
  it('pays exactly the income, nobody negative, a second run pays nothing, the ledger balances', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          holdings: fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 8, maxLength: 8 }),
          unheld: fc.integer({ min: 0, max: 300 }),
          trades: fc.array(
            fc.record({ from: fc.nat(7), to: fc.nat(7), shares: fc.integer({ min: 1, max: 50 }), held: fc.boolean() }),
            { maxLength: 6 },
          ),
          incomes: fc.array(fc.bigInt({ min: 1n, max: 5_000_000n }), { minLength: 1, maxLength: 3 }),
          country: fc.constantFrom('AT', 'DE', 'CH'),
          securityType: fc.constantFrom('participationRightEquity' as const, 'participationAtypicalSilent' as const),
        }),
        async (c) => {
          fc.pre(c.holdings.some((h) => h > 0));
          const held = c.holdings.reduce((s, h) => s + h, 0);
          const assetId = await newAsset({
            totalShares: held + c.unheld,
            spvCountryCode: c.country,
            securityType: c.securityType,
          });
          for (const [i, shares] of c.holdings.entries())
            if (shares > 0) await giveShares(t.app.db, investors[i]?.userId ?? '', assetId, BigInt(shares));
          // Trades between investors (settled), and sell-offer reservations (held shares still count).
          const owned = [...c.holdings];
          const free = [...c.holdings];
          for (const trade of c.trades) {
            const from = investors[trade.from];
            const to = investors[trade.to];
            if (!from || !to || trade.from === trade.to || (free[trade.from] ?? 0) < trade.shares) continue;
            owned[trade.from] = (owned[trade.from] ?? 0) - trade.shares;
            free[trade.from] = (free[trade.from] ?? 0) - trade.shares;
            await t.app.db.transaction(async (tx) => {
              if (trade.held) {
                await hold(tx, {
                  key: `test-hold:${assetId}:${Math.random()}`,
                  account: { kind: 'user_shares', userId: from.userId, assetId },
                  amount: BigInt(trade.shares),
                });
                owned[trade.from] = (owned[trade.from] ?? 0) + trade.shares;
              } else {
                await post(tx, {
                  key: `test-trade:${assetId}:${Math.random()}`,
                  kind: 'test-trade',
                  legs: [
                    { account: { kind: 'user_shares', userId: from.userId, assetId }, amount: -BigInt(trade.shares) },
                    { account: { kind: 'user_shares', userId: to.userId, assetId }, amount: BigInt(trade.shares) },
                  ],
                });
                owned[trade.to] = (owned[trade.to] ?? 0) + trade.shares;
                free[trade.to] = (free[trade.to] ?? 0) + trade.shares;
              }
            });
          }
          const month = currentMonth();
          for (const amount of c.incomes)
            await receiveIncome(
              t.app,
              await recordIncome(deps(), actor, assetId, incomeBody(month, amount.toString())),
            );
          const income = c.incomes.reduce((s, a) => s + a, 0n);
          const taxBefore = await balance('tax_liability:KESt');
          const cashBefore = await Promise.all(investors.map((i) => balance(`user_cash:${i.userId}`)));

          const run = await pay(assetId, month);
          const paid = await t.app.db.select().from(transactions).where(eq(transactions.distributionRunId, run.id));
          const net = paid.reduce((s, p) => s + p.amountCents, 0n);
          const tax = paid.reduce((s, p) => s + p.taxLines.reduce((x, l) => x + BigInt(l.amountCents), 0n), 0n);
          expect(net + tax + BigInt(run.issuer)).toBe(income);
          expect(BigInt(run.income)).toBe(income);
          expect(BigInt(run.tax)).toBe(tax);
          for (const p of paid) expect(p.amountCents > 0n).toBe(true);
          // Each investor's gross is their exact pro-rata share, rounded by at most one cent.
          const total = BigInt(held + c.unheld);
          for (const p of paid) {
            const index = investors.findIndex((i) => i.userId === p.userId);
            const gross = p.amountCents + p.taxLines.reduce((x, l) => x + BigInt(l.amountCents), 0n);
            const exact = (income * BigInt(owned[index] ?? 0)) / total;
            expect(gross === exact || gross === exact + 1n).toBe(true);
            const after = await balance(`user_cash:${p.userId}`);
            expect(after - (cashBefore[index] ?? 0n)).toBe(p.amountCents);
          }
          expect(await balance(`asset_income:${assetId}`)).toBe(0n);
          if (c.country === 'AT' && c.securityType === 'participationRightEquity')
            expect((await balance('tax_liability:KESt')) - taxBefore).toBe(tax);

          const again = await pay(assetId, month);
          expect(again).toMatchObject({ id: run.id, alreadyRun: true });
          const paidAgain = await t.app.db.select().from(transactions).where(eq(transactions.assetId, assetId));
          expect(paidAgain).toHaveLength(paid.length);
          expect(await unbalancedPostings()).toBe(0);
          expect(await booksDisagreeWithEntries()).toBe(0);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('distributeIncome (the entry point of the seed) records and distributes in one call', async () => {
    const assetId = await newAsset({ totalShares: 3, spvCountryCode: 'DE' });
    await giveShares(t.app.db, investors[0]?.userId ?? '', assetId, 3n);
    const month = currentMonth();
    const run = await distributeIncome(deps(), fourEyes('distribution-test'), assetId, {
      periodKey: month,
      income: incomeBody(month, '10000'),
    });
    // Church member in Bavaria: KapESt 24.50 €, Soli 1.34 €, KiSt 1.96 € on 100.00 €.
    expect(run).toMatchObject({ income: '10000', tax: String(2450 + 134 + 196), investorsNet: '7220', issuer: '0' });
    const [paid] = await t.app.db.select().from(transactions).where(eq(transactions.distributionRunId, run.id));
    expect(paid?.taxLines).toEqual([
      { taxType: 'KapESt', amountCents: '2450' },
      { taxType: 'Soli', amountCents: '134' },
      { taxType: 'Kirchensteuer', amountCents: '196' },
    ]);
  });

  it('two concurrent runs of one period pay once', async () => {
    const assetId = await newAsset({ totalShares: 10 });
    await giveShares(t.app.db, investors[2]?.userId ?? '', assetId, 10n);
    const month = currentMonth();
    await receiveIncome(t.app, await recordIncome(deps(), actor, assetId, incomeBody(month, '999')));
    const [one, two] = await Promise.all([pay(assetId, month), pay(assetId, month)]);
    expect(one?.id).toBe(two?.id);
    expect([one?.alreadyRun, two?.alreadyRun].sort()).toEqual([false, true]);
    const paid = await t.app.db.select().from(transactions).where(eq(transactions.assetId, assetId));
    expect(paid).toHaveLength(1);
    expect(parsePeriodKey(month)).not.toBeNull();
  });
});
