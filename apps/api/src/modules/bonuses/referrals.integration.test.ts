import { partners, payoutAccounts, referralRewards, users } from '@bw/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { usesPostgres } from '../../test/test-database.js';
import { createLoggedInUser } from '../auth/auth.test-support.js';
import { createStaffSession } from '../backoffice/backoffice.test-support.js';
import { balanceOfBook, createInvestor, type Investor } from '../primary-market/primary-market.test-support.js';
import { EUR, investAndSettle, openBonusesOf } from './bonuses.test-support.js';

/** Issue 25: the referral programme through the calls, paid from the operator's bonus book once. */
let testApp: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(async () => testApp.close());

const cash = (userId: string) => balanceOfBook(app.db, `user_cash:${userId}`);

const linkOf = async (investor: { headers: Record<string, string> }) => {
  const res = await app.inject({ url: '/api/v1/bonus/referralLink', headers: investor.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { referralLink: string; referralCode: string; minimumInvestment: string };
};

const useCode = (investor: Investor, referralCode: string) =>
  app.inject({
    method: 'PUT',
    url: '/api/v2/user',
    headers: investor.headers,
    payload: { firstName: 'Erika', lastName: 'Muster', referralCode },
  });

describe('the referral link (issue 35)', () => {
  it("uses the partner's URL, else the address the server actually listens on, never a hard-coded port", async () => {
    const anna = await createInvestor(app, { cashCents: EUR(1) });
    const [user] = await app.db.select({ partnerId: users.partnerId }).from(users).where(eq(users.id, anna.userId));
    const [partner] = await app.db
      .select({ webAppUrl: partners.webAppUrl })
      .from(partners)
      .where(eq(partners.partnerId, user?.partnerId ?? ''));
    // The development partner has a loopback address: the server's own address stands in.
    expect(partner?.webAppUrl).toMatch(/^http:\/\/localhost:3000/);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    expect(port).not.toBe(3000);
    const { referralLink, referralCode } = await linkOf(anna);
    expect(referralLink).toBe(`http://127.0.0.1:${port}/register?referralCode=${referralCode}`);
    // A partner with a public address of its own: its URL.
    await app.db
      .update(partners)
      .set({ webAppUrl: 'https://invest.partner.example/' })
      .where(eq(partners.partnerId, user?.partnerId ?? ''));
    try {
      expect((await linkOf(anna)).referralLink).toBe(
        `https://invest.partner.example/register?referralCode=${referralCode}`,
      );
    } finally {
      await app.db
        .update(partners)
        .set({ webAppUrl: partner?.webAppUrl ?? '' })
        .where(eq(partners.partnerId, user?.partnerId ?? ''));
    }
  });
});

describe('the referral programme', () => {
  it('pays both sides once when the referred investor first invests at least the minimum', async () => {
    const anna = await createInvestor(app, { cashCents: EUR(5_000) });
    const { referralLink, referralCode } = await linkOf(anna);
    expect(referralLink).toMatch(new RegExp(`/register\\?referralCode=${referralCode}$`));
    expect((await linkOf(anna)).referralCode).toBe(referralCode);

    const nora = await createInvestor(app, { cashCents: EUR(5_000) });
    expect((await useCode(nora, referralCode.toLowerCase())).statusCode).toBe(200);
    const waiting = await openBonusesOf(app, nora);
    expect(waiting).toContainEqual(
      expect.objectContaining({
        kind: 'referral',
        state: 'earning',
        amount: '5000',
        progress: { current: '0', target: '50000' },
      }),
    );
    expect((await openBonusesOf(app, anna)).filter((bonus) => bonus.kind === 'referral')).toHaveLength(1);

    const annaBefore = await cash(anna.userId);
    const noraBefore = await cash(nora.userId);
    const bonusBook = await balanceOfBook(app.db, 'bonuses');
    await investAndSettle(app, nora, 200); // below the minimum: not yet
    expect(await cash(anna.userId)).toBe(annaBefore);
    await investAndSettle(app, nora, 500); // qualifies
    await investAndSettle(app, nora, 600); // later investments pay nothing more
    expect(await cash(anna.userId)).toBe(annaBefore + EUR(50));
    expect(await cash(nora.userId)).toBe(noraBefore - EUR(200 + 500 + 600) - EUR(13) + EUR(50));
    expect(await balanceOfBook(app.db, 'bonuses')).toBe(bonusBook - EUR(100));
    expect(await openBonusesOf(app, nora)).not.toContainEqual(expect.objectContaining({ kind: 'referral' }));

    const account = (await app.inject({ url: '/api/v1/payment/account', headers: anna.headers })).json().data;
    expect(account.pastTransactions).toContainEqual(expect.objectContaining({ type: 'bonus', amount: '5000' }));
  });

  it('refuses the own code, and the same person under a second account by the payout IBAN', async () => {
    const anna = await createInvestor(app, { cashCents: EUR(5_000) });
    const { referralCode } = await linkOf(anna);
    const self = await useCode(anna, referralCode);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe('Deinen eigenen Empfehlungscode kannst du nicht verwenden.');

    const twin = await createInvestor(app, { cashCents: EUR(5_000) });
    await useCode(twin, referralCode);
    for (const userId of [anna.userId, twin.userId])
      await app.db.insert(payoutAccounts).values({ userId, iban: 'AT611904300234573201', owner: 'Anna Berger' });
    const before = await cash(anna.userId);
    await investAndSettle(app, twin, 500);
    expect(await cash(anna.userId)).toBe(before);
    const [row] = await app.db.select().from(referralRewards).where(eq(referralRewards.refereeUserId, twin.userId));
    expect(row).toMatchObject({ status: 'refused', refusalReason: 'samePerson' });
  });

  it('offers no link before the identification', async () => {
    const fresh = await createLoggedInUser(app);
    const res = await app.inject({ url: '/api/v1/bonus/referralLink', headers: fresh.headers });
    expect(res.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/v1/bonus/referralLink' })).statusCode).toBe(401);
  });

  it('tracks affiliates: the URL, registrations with the id, and the report of what they brought', async () => {
    const operator = await createStaffSession(app, 'operator');
    const [partner] = await app.db.select().from(partners).where(eq(partners.isDefault, true));
    const id = `finanzblog-${process.pid}`;
    const created = await app.inject({
      method: 'POST',
      url: '/admin/api/v1/affiliates',
      headers: operator.headers,
      payload: { id, name: 'Finanzblog', partnerId: partner?.partnerId },
    });
    expect(created.statusCode, created.body).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: '/admin/api/v1/affiliates',
      headers: operator.headers,
      payload: { id, name: 'Doppelt', partnerId: partner?.partnerId },
    });
    expect(again.statusCode).toBe(409);

    const url = await app.inject({ url: `/api/v1/affiliate/id/${id}/url` });
    expect(url.statusCode).toBe(200);
    expect(url.json().data.url).toMatch(new RegExp(`/register\\?affiliatePartnerId=${id}$`));
    expect((await app.inject({ url: '/api/v1/affiliate/id/unbekannt/url' })).statusCode).toBe(404);

    const brought = await createInvestor(app, { cashCents: EUR(1_000) });
    await app.db.update(users).set({ affiliatePartnerId: id }).where(eq(users.id, brought.userId));
    await investAndSettle(app, brought, 300);
    const report = await app.inject({ url: '/admin/api/v1/affiliates', headers: operator.headers });
    expect(report.json().data.find((row: { id: string }) => row.id === id)).toMatchObject({
      registrations: 1,
      verified: 1,
      investors: 1,
      investedCents: '30000',
    });
  });

  it.runIf(usesPostgres())('never pays past the budget under concurrent qualifying purchases', async () => {
    // One after another: each registration reads its own e-mail from the shared development mailbox.
    const referrers: Investor[] = [];
    const referees: Investor[] = [];
    for (let i = 0; i < 6; i += 1) {
      referrers.push(await createInvestor(app, { cashCents: EUR(100) }));
      referees.push(await createInvestor(app, { cashCents: EUR(1_000) }));
    }
    const [partner] = await app.db.select().from(partners).where(eq(partners.isDefault, true));
    if (!partner) throw new Error('no default partner');
    // Room for exactly three payouts of 50 € + 50 €.
    await app.db
      .update(partners)
      .set({ referralBudgetCents: partner.referralPaidCents + EUR(300) })
      .where(eq(partners.partnerId, partner.partnerId));
    for (const [index, referee] of referees.entries()) {
      const { referralCode } = await linkOf(referrers[index] as Investor);
      await app.db.update(users).set({ referralCode }).where(eq(users.id, referee.userId));
    }
    await Promise.all(referees.map((referee) => investAndSettle(app, referee, 500)));
    const rows = await app.db.select().from(referralRewards);
    const mine = rows.filter((row) => referees.some((referee) => referee.userId === row.refereeUserId));
    expect(mine.filter((row) => row.status === 'paid')).toHaveLength(3);
    expect(mine.filter((row) => row.status === 'refused' && row.refusalReason === 'budgetSpent')).toHaveLength(3);
    const [after] = await app.db.select().from(partners).where(eq(partners.partnerId, partner.partnerId));
    expect(after?.referralPaidCents).toBe(after?.referralBudgetCents);
    await app.db.update(partners).set({ referralBudgetCents: null }).where(eq(partners.partnerId, partner.partnerId));
  });
});
