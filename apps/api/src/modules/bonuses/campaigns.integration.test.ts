import { bonusCampaigns, bonusGrants, payoutAccounts, userBonuses, users } from '@bw/db';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createStaffSession, type StaffLoggedIn } from '../backoffice/backoffice.test-support.js';
import { balanceOfBook, createInvestor, type Investor } from '../primary-market/primary-market.test-support.js';
import { EUR, investAndSettle, openBonusesOf } from './bonuses.test-support.js';

/** Issue 25: start, app-rating and birthday campaigns through the calls, within their budgets, once. */
let testApp: TestApp;
let app: FastifyInstance;
let operator: StaffLoggedIn;
beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  operator = await createStaffSession(app, 'operator');
});
afterAll(async () => testApp.close());

const DAY = 86_400_000;
const cash = (userId: string) => balanceOfBook(app.db, `user_cash:${userId}`);
const partnerOf = async (userId: string) =>
  (await app.db.select({ partnerId: users.partnerId }).from(users).where(eq(users.id, userId)))[0]?.partnerId ?? '';

const createCampaign = async (body: Record<string, unknown>) => {
  const res = await app.inject({
    method: 'POST',
    url: '/admin/api/v1/bonus-campaigns',
    headers: operator.headers,
    payload: {
      title: 'Aktion',
      amountCents: '2500',
      tiers: null,
      applicability: 'primaryAndSecondary',
      minimumInvestmentCents: '0',
      bonusValidDays: 90,
      validFrom: new Date(Date.now() - 60_000).toISOString(),
      validUntil: new Date(Date.now() + 30 * DAY).toISOString(),
      budgetCents: null,
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; paidCents: string; state: string };
};

const rate = (investor: Investor, store = 'playStore') =>
  app.inject({ method: 'POST', url: '/api/v1/bonus/appRating', headers: investor.headers, payload: { store } });

describe('the start bonus', () => {
  it('waits for the verification, is granted once within the budget, and never to the same person twice', async () => {
    // A partner of its own, so the other tests' campaigns do not meet this one.
    const first = await createInvestor(app, { status: 'new' });
    const partnerId = await partnerOf(first.userId);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const campaign = await createCampaign({
      partnerId,
      kind: 'startBonus',
      title: 'Startbonus',
      budgetCents: '5000',
      validFrom: new Date().toISOString(),
    });
    // `first` registered before the campaign started: not eligible.
    const second = await createInvestor(app, { status: 'new' });
    const third = await createInvestor(app, { status: 'new' });
    const fourth = await createInvestor(app, { status: 'new' });
    expect(await openBonusesOf(app, second)).toContainEqual(
      expect.objectContaining({ kind: 'startBonus', state: 'earning', amount: '2500' }),
    );
    for (const investor of [first, second, third, fourth])
      await app.db.update(users).set({ status: 'verified' }).where(eq(users.id, investor.userId));
    // `third` shares a payout IBAN with `second`: the same person.
    for (const investor of [second, third])
      await app.db
        .insert(payoutAccounts)
        .values({ userId: investor.userId, iban: 'DE89370400440532013000', owner: 'Eva Muster' });

    const granted = await openBonusesOf(app, second);
    expect(granted).toContainEqual(expect.objectContaining({ kind: 'startBonus', state: 'usable', amount: '2500' }));
    await openBonusesOf(app, second);
    expect(
      await app.db
        .select()
        .from(userBonuses)
        .where(and(eq(userBonuses.userId, second.userId), eq(userBonuses.kind, 'startBonus'))),
    ).toHaveLength(1);

    expect((await openBonusesOf(app, first)).some((bonus) => bonus.kind === 'startBonus')).toBe(false);
    await openBonusesOf(app, third);
    await openBonusesOf(app, fourth);
    const grants = await app.db.select().from(bonusGrants).where(eq(bonusGrants.campaignId, campaign.id));
    const statusOf = (userId: string) => grants.find((grant) => grant.userId === userId);
    expect(statusOf(second.userId)).toMatchObject({ status: 'granted', amountCents: 2_500n });
    expect(statusOf(third.userId)).toMatchObject({ status: 'refused', refusalReason: 'samePerson' });
    expect(statusOf(fourth.userId)).toMatchObject({ status: 'granted' });
    expect(statusOf(first.userId)).toBeUndefined();
    const [row] = await app.db.select().from(bonusCampaigns).where(eq(bonusCampaigns.id, campaign.id));
    expect(row?.paidCents).toBe(5_000n);

    // A fifth verified investor finds the budget spent.
    const fifth = await createInvestor(app, { status: 'verified' });
    await openBonusesOf(app, fifth);
    const [refused] = await app.db
      .select()
      .from(bonusGrants)
      .where(and(eq(bonusGrants.campaignId, campaign.id), eq(bonusGrants.userId, fifth.userId)));
    expect(refused).toMatchObject({ status: 'refused', refusalReason: 'budgetSpent' });
  });
});

describe('the app-rating bonus', () => {
  it('is granted once per investor, and refuses bad input and guests', async () => {
    const anna = await createInvestor(app);
    await createCampaign({
      partnerId: await partnerOf(anna.userId),
      kind: 'appStoreRating',
      title: 'Danke fürs Bewerten',
    });
    expect(await openBonusesOf(app, anna)).toContainEqual(
      expect.objectContaining({ kind: 'appStoreRating', state: 'earning', action: 'rateApp' }),
    );
    const first = await rate(anna);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.granted).toEqual([{ title: 'Danke fürs Bewerten', amount: '2500' }]);
    expect((await rate(anna)).json().data.granted).toEqual([]);
    expect(await openBonusesOf(app, anna)).toContainEqual(
      expect.objectContaining({ kind: 'appStoreRating', state: 'usable', amount: '2500' }),
    );
    expect((await rate(anna, 'somewhere')).statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/bonus/appRating', payload: { store: 'web' } })).statusCode,
    ).toBe(401);
  });

  it('property: whatever the budget and the burst, the granted sum never passes the budget', async () => {
    const partnerId = await partnerOf((await createInvestor(app)).userId);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 6 }), async (units, raters) => {
        const investors: Investor[] = [];
        for (let i = 0; i < raters; i += 1) investors.push(await createInvestor(app));
        const campaign = await createCampaign({
          partnerId,
          kind: 'appStoreRating',
          title: `Eigenschaft ${units}/${raters}`,
          amountCents: '1000',
          budgetCents: units === 0 ? '999' : String(units * 1000),
        });
        await Promise.all(investors.map((investor) => rate(investor)));
        const [row] = await app.db.select().from(bonusCampaigns).where(eq(bonusCampaigns.id, campaign.id));
        const grants = await app.db.select().from(bonusGrants).where(eq(bonusGrants.campaignId, campaign.id));
        const granted = grants.filter((grant) => grant.status === 'granted');
        expect(row?.paidCents).toBe(BigInt(granted.length) * 1_000n);
        expect(row?.paidCents ?? 0n).toBeLessThanOrEqual(BigInt(units === 0 ? 999 : units * 1000));
        expect(granted.length).toBe(Math.min(units, raters));
        // Ended, so the next run's investors meet only their own campaign.
        await app.inject({
          method: 'POST',
          url: `/admin/api/v1/bonus-campaigns/${campaign.id}/disable`,
          headers: operator.headers,
        });
      }),
      { numRuns: 4, seed: 25 },
    );
  });

  it('under concurrent ratings never grants past the budget', async () => {
    const investors: Investor[] = [];
    for (let i = 0; i < 8; i += 1) investors.push(await createInvestor(app));
    const campaign = await createCampaign({
      partnerId: await partnerOf(investors[0]?.userId ?? ''),
      kind: 'appStoreRating',
      title: 'Bewertungsbonus knapp',
      amountCents: '1000',
      budgetCents: '3000',
    });
    await Promise.all(investors.map((investor) => rate(investor)));
    const grants = await app.db.select().from(bonusGrants).where(eq(bonusGrants.campaignId, campaign.id));
    // Other investors of the partner from earlier tests may rate too; the budget is what counts.
    expect(grants.filter((grant) => grant.status === 'granted')).toHaveLength(3);
    const [row] = await app.db.select().from(bonusCampaigns).where(eq(bonusCampaigns.id, campaign.id));
    expect(row?.paidCents).toBe(3_000n);
  });
});

describe('the birthday promotion', () => {
  it('shows the progress while it runs and pays the band the investment falls in ("up to"), once, after it ended', async () => {
    const ben = await createInvestor(app, { cashCents: EUR(20_000) });
    const campaign = await createCampaign({
      partnerId: await partnerOf(ben.userId),
      kind: 'birthday',
      title: 'Geburtstagsbonus',
      amountCents: null,
      tiers: [
        { investedCents: '100000', bonusCents: '10000' },
        { investedCents: '500000', bonusCents: '55000' },
        { investedCents: '1000000', bonusCents: '120000' },
      ],
    });
    await investAndSettle(app, ben, 1_200);
    const mine = (await openBonusesOf(app, ben)).find((bonus) => bonus.id === `campaign:${campaign.id}`);
    // 1,200 € invested lies in the band "550 € up to 5,000 €" (ADR 0028 addendum).
    expect(mine).toMatchObject({
      kind: 'birthday',
      amount: '55000',
      progress: { current: '120000', target: '500000' },
      tiers: [
        { invested: '100000', bonus: '10000', applies: false },
        { invested: '500000', bonus: '55000', applies: true },
        { invested: '1000000', bonus: '120000', applies: false },
      ],
    });

    const early = await app.inject({
      method: 'POST',
      url: `/admin/api/v1/bonus-campaigns/${campaign.id}/settle`,
      headers: operator.headers,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('CAMPAIGN_STILL_RUNNING');

    await app.db
      .update(bonusCampaigns)
      .set({ validFrom: new Date(Date.now() - 2 * DAY), validUntil: new Date(Date.now() + 1000) })
      .where(eq(bonusCampaigns.id, campaign.id));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const before = await cash(ben.userId);
    const bonusBook = await balanceOfBook(app.db, 'bonuses');
    const settle = () =>
      app.inject({
        method: 'POST',
        url: `/admin/api/v1/bonus-campaigns/${campaign.id}/settle`,
        headers: operator.headers,
      });
    const first = await settle();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ campaign: { state: 'settled' } });
    expect(await cash(ben.userId)).toBe(before + EUR(550));
    expect(await balanceOfBook(app.db, 'bonuses')).toBe(bonusBook - BigInt(first.json().data.paidCents));
    const again = await settle();
    expect(again.json().data.paid).toBe(0);
    expect(await cash(ben.userId)).toBe(before + EUR(550));
    const account = (await app.inject({ url: '/api/v1/payment/account', headers: ben.headers })).json().data;
    expect(account.pastTransactions).toContainEqual(expect.objectContaining({ type: 'bonus', amount: '55000' }));
  });

  it('refuses a falling tier table with a German message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/admin/api/v1/bonus-campaigns',
      headers: operator.headers,
      payload: {
        partnerId: 'demo',
        kind: 'birthday',
        title: 'Falsche Staffel',
        amountCents: null,
        tiers: [
          { investedCents: '500000', bonusCents: '55000' },
          { investedCents: '100000', bonusCents: '10000' },
        ],
        applicability: 'primaryAndSecondary',
        minimumInvestmentCents: '0',
        bonusValidDays: 90,
        validFrom: new Date().toISOString(),
        validUntil: new Date(Date.now() + DAY).toISOString(),
        budgetCents: null,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error)).toMatch(/aufsteigen|Partner/);
  });
});
