import {
  defaultNotificationSetting,
  IDV_SIGNATURE_HEADER,
  IDV_TIMESTAMP_HEADER,
  type NotificationItem,
  type NotificationSetting,
  type NotificationType,
} from '@bw/contracts';
import { auditLog, identityVerifications, queryRows, transactions, users } from '@bw/db';
import { formatEur } from '@bw/i18n';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../providers/payments/webhook-signature.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLoggedInUser, type LoggedIn } from '../auth/auth.test-support.js';
import { createStaffSession, type StaffLoggedIn } from '../backoffice/backoffice.test-support.js';
import {
  answerSigningRequest,
  averagePriceCents,
  createTrader,
  fundShares,
  openOffer,
  pendingSigningRequests,
  SECONDARY_ASSET,
  signAll,
  takeOfferCall,
} from '../bulletin-board/bulletin-board.test-support.js';
import { currentMonth, fourEyes, giveShares, incomeBody } from '../distributions/distributions.test-support.js';
import { distributeIncome } from '../distributions/operations/distribute-income.js';
import { identificationClient, identifyWith } from '../identification/identification.test-support.js';
import { saverAnswers } from '../onboarding/knowledge-and-experience/knowledge-and-experience.test-support.js';
import { payOut as payOutAs, postPspWebhook } from '../payments/payments.test-support.js';
import { answerInApp, createInvestor, createPrimaryAsset } from '../primary-market/primary-market.test-support.js';
import { type InvestorEventKind, investorEventKinds } from './investor-events.js';

/**
 * Issue 35, "every money event reaches the investor" (must show, on PGlite and PostgreSQL): each
 * posting that changes what an investor owns or owes and each verdict on them, walked through the
 * calls a user, an operator or a provider makes, leaves exactly one inbox entry with its type and
 * German text and amounts; it is pushed and e-mailed as the investor's settings say; and applying
 * the event again (a replayed webhook, a repeated decision, a re-delivered outbox row) adds
 * nothing. The last test checks that every kind of `InvestorEvent` was walked.
 */
const PSP_SECRET = 'test-psp-webhook-secret-0123456789';
const IDV_SECRET = 'test-idv-webhook-secret-0123456789';
const OWN_BANK_IBAN = 'DE89370400440532013000';

let t: TestApp;
let app: FastifyInstance;
let operator: StaffLoggedIn;
let compliance: StaffLoggedIn;
const walked = new Set<InvestorEventKind>();

beforeAll(async () => {
  t = await createTestApp({
    env: {
      PSP_WEBHOOK_SECRET: PSP_SECRET,
      PSP_SANDBOX_SETTLE_DELAY_MS: '0',
      PSP_SANDBOX_PAYOUT_DELAY_MS: '0',
      IDV_WEBHOOK_SECRET: IDV_SECRET,
      IDV_SANDBOX_DELAY_MS: '0',
      DATA_DIR: `/tmp/bw-money-events-${process.pid}`,
    },
  });
  app = t.app;
  // The sandbox providers post their webhooks over real HTTP to this server.
  await app.listen({ port: 0, host: '127.0.0.1' });
  operator = await createStaffSession(app, 'operator');
  compliance = await createStaffSession(app, 'compliance');
});
afterAll(async () => t.close());

const eur = (cents: bigint) => formatEur(cents, 'de-AT');

/**
 * The investor's own channel choices (`PUT /api/v1/notification/settings`): some types changed,
 * the rest left at their defaults. Every investor of this file chooses the same and has one
 * device for push.
 */
const CHOSEN: NotificationSetting[] = [
  { type: 'payout', push: true, email: false },
  { type: 'purchase', push: true, email: true },
  { type: 'offer', push: true, email: true },
  { type: 'bonus', push: false, email: false },
  { type: 'identification', push: true, email: false },
  { type: 'appropriateness', push: true, email: true },
];
const settingFor = (type: NotificationType): NotificationSetting =>
  CHOSEN.find((setting) => setting.type === type) ?? defaultNotificationSetting(type);

let deviceCounter = 0;
/** Sets the channels and registers one Web Push device, as the app's settings screen does. */
const chooseChannels = async (user: LoggedIn): Promise<void> => {
  const settings = await app.inject({
    method: 'PUT',
    url: '/api/v1/notification/settings',
    headers: user.headers,
    payload: { settings: CHOSEN },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  deviceCounter += 1;
  const token = await app.inject({
    method: 'POST',
    url: '/api/v1/user/pushToken',
    headers: user.headers,
    payload: {
      pushToken: JSON.stringify({
        endpoint: `https://push.example.test/send/money-${process.pid}-${deviceCounter}`,
        keys: { p256dh: 'BKey', auth: 'auth' },
      }),
    },
  });
  expect(token.statusCode, token.body).toBe(200);
};

const withChannels = async <U extends LoggedIn>(user: U): Promise<U> => {
  await chooseChannels(user);
  return user;
};

const inboxOf = async (user: LoggedIn): Promise<NotificationItem[]> => {
  const res = await app.inject({ url: '/api/v1/notification', headers: user.headers, query: { pageSize: '50' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items;
};

type Delivered = { channel: string; subject: string | null; bodyText: string };
const deliveredTo = async (user: LoggedIn): Promise<Delivered[]> => {
  const res = await app.inject({ url: '/api/v1/dev/mailbox', query: { recipient: user.email } });
  return res.json().data;
};

/** Runs everything queued (outbox: deliveries; provider webhooks), twice for what follows. */
const settle = async (): Promise<void> => {
  for (let round = 0; round < 2; round += 1) {
    await app.outboxRelay.drain();
    await app.sandbox.payments.deliverWebhooks({ all: true });
    await app.inject({ method: 'POST', url: '/api/v1/dev/identification/deliver' });
  }
  await app.outboxRelay.drain();
};

/**
 * Crash after delivery, before the relay marked it (ADR 0002): every delivered outbox row of the
 * user's notifications runs again. Nothing new may appear.
 */
const redeliverNotifications = async (user: LoggedIn): Promise<void> => {
  await app.db.execute(
    sql`UPDATE outbox SET delivered_at = NULL, next_attempt_at = now(), locked_until = NULL
        WHERE topic = 'notifications.deliver'
          AND (payload->>'notificationId')::uuid IN (SELECT id FROM notifications WHERE user_id = ${user.userId})`,
  );
  await app.outboxRelay.drain();
};

type Expected = { kind: InvestorEventKind; type: NotificationType; event: string; title: string; body: string };

/**
 * Exactly one entry of the event (by its `event` name and text) in the investor's inbox, pushed to
 * their device and e-mailed as their settings for its type say, once each.
 */
const expectOneEntry = async (user: LoggedIn, expected: Expected): Promise<NotificationItem> => {
  await settle();
  const entries = (await inboxOf(user)).filter((item) => item.event === expected.event);
  expect(entries, `${expected.kind}: ${JSON.stringify(entries)}`).toHaveLength(1);
  const [entry] = entries;
  if (!entry) throw new Error('unreachable');
  expect(entry).toMatchObject({ type: expected.type, title: expected.title, body: expected.body, seen: false });
  const setting = settingFor(expected.type);
  const delivered = (await deliveredTo(user)).filter(
    (message) =>
      message.channel !== 'sms' && message.subject === expected.title && message.bodyText.includes(entry.body),
  );
  expect(delivered.map((message) => message.channel).sort(), `${expected.kind}: channels for ${expected.type}`).toEqual(
    [...(setting.email ? ['email'] : []), ...(setting.push ? ['push'] : [])],
  );
  walked.add(expected.kind);
  return entry;
};

/** After the event was applied again: the same one entry, and not one more push or e-mail. */
const expectStillOne = async (user: LoggedIn, expected: Expected): Promise<void> => {
  await redeliverNotifications(user);
  await settle();
  const entries = (await inboxOf(user)).filter((item) => item.event === expected.event);
  expect(entries, `${expected.kind} after a re-delivery`).toHaveLength(1);
  const delivered = (await deliveredTo(user)).filter(
    (message) => message.subject === expected.title && message.bodyText.includes(expected.body),
  );
  const setting = settingFor(expected.type);
  expect(delivered).toHaveLength((setting.email ? 1 : 0) + (setting.push ? 1 : 0));
};

const postPspEvent = (event: Record<string, string>) =>
  postPspWebhook(app, { secret: PSP_SECRET, body: JSON.stringify(event) });

let phoneCounter = 0;
/** A verified investor with a phone, a wallet and the chosen channels. */
const walletOwner = async (): Promise<LoggedIn & { phone: string; iban: string }> => {
  const user = await createLoggedInUser(app);
  phoneCounter += 1;
  const phone = `+43699${String(process.pid % 1000).padStart(3, '0')}${String(phoneCounter).padStart(4, '0')}`;
  await app.db.update(users).set({ status: 'verified', phone }).where(eq(users.id, user.userId));
  const opened = await app.inject({ method: 'POST', url: '/api/v1/payment/account', headers: user.headers });
  expect(opened.statusCode, opened.body).toBe(200);
  await chooseChannels(user);
  return { ...user, phone, iban: opened.json().data.IBAN };
};

const transferIn = async (iban: string, amount: string, reference = 'Einzahlung') => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/dev/psp/transfer',
    payload: { iban, amount, name: 'Erika Muster', fromIban: OWN_BANK_IBAN, reference },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.transferId as string;
};

const payOut = (user: LoggedIn & { phone: string }, amount: string): Promise<string> => payOutAs(app, user, amount);

describe('the payment account', () => {
  it('pay-in credited: one entry with the amount and the sender; a replayed settlement adds nothing', async () => {
    const user = await walletOwner();
    const transferId = await transferIn(user.iban, '123456');
    const expected: Expected = {
      kind: 'payin.credited',
      type: 'payout',
      event: 'payin.credited',
      title: 'Einzahlung eingegangen',
      body: `${eur(123_456n)} von Erika Muster wurden deinem Zahlungskonto gutgeschrieben.`,
    };
    await expectOneEntry(user, expected);
    // The provider sends the settlement again under a new event id: ignored, no second entry.
    const again = await postPspEvent({ eventId: `evt-again-${transferId}`, type: 'transfer.settled', transferId });
    expect(again.json().data.outcome).toBe('ignored');
    await expectStillOne(user, expected);
  });

  it('pay-in returned: one entry, nothing credited', async () => {
    const user = await walletOwner();
    await transferIn(user.iban, '700', 'bitte FAIL');
    await expectOneEntry(user, {
      kind: 'payin.returned',
      type: 'payout',
      event: 'payin.returned',
      title: 'Einzahlung zurückgebucht',
      body: `Deine Überweisung über ${eur(700n)} konnte deinem Zahlungskonto nicht gutgeschrieben werden und geht an das Absenderkonto zurück.`,
    });
  });

  it('payout completed and payout failed: one entry each; a late success after the failure adds nothing', async () => {
    const user = await walletOwner();
    await transferIn(user.iban, '100000');
    await settle();
    const done = await payOut(user, '40000');
    const completed: Expected = {
      kind: 'payout.completed',
      type: 'payout',
      event: 'payout.completed',
      title: 'Auszahlung durchgeführt',
      body: `Wir haben ${eur(40_000n)} von deinem Zahlungskonto auf dein Bankkonto (IBAN endet auf 3000) überwiesen.`,
    };
    await expectOneEntry(user, completed);
    const replay = await postPspEvent({ eventId: `evt-replay-${done}`, type: 'payout.succeeded', payoutId: done });
    expect(replay.json().data.outcome).toBe('ignored');
    await expectStillOne(user, completed);

    const failedId = await payOut(user, '1666'); // the sandbox fails payouts whose cents end in 66
    const failed: Expected = {
      kind: 'payout.failed',
      type: 'payout',
      event: 'payout.failed',
      title: 'Auszahlung fehlgeschlagen',
      body: `Deine Auszahlung von ${eur(1_666n)} konnte nicht durchgeführt werden. Der Betrag ist wieder auf deinem Zahlungskonto verfügbar.`,
    };
    await expectOneEntry(user, failed);
    const late = await postPspEvent({ eventId: `evt-late-${failedId}`, type: 'payout.succeeded', payoutId: failedId });
    expect(late.json().data.outcome).toBe('ignored');
    await expectStillOne(user, failed);
  });

  it('payout rejected in the review: one entry with the reason; deciding again is refused', async () => {
    const threshold = await app.inject({
      method: 'PUT',
      url: '/admin/api/v1/payouts/threshold',
      headers: operator.headers,
      payload: { thresholdCents: '50000' },
    });
    expect(threshold.statusCode, threshold.body).toBe(200);
    const user = await walletOwner();
    await transferIn(user.iban, '200000');
    await settle();
    const payoutId = await payOut(user, '150000');
    const decide = () =>
      app.inject({
        method: 'POST',
        url: `/admin/api/v1/payouts/${payoutId}/decision`,
        headers: operator.headers,
        payload: { decision: 'reject', reason: 'Das Empfängerkonto passt nicht zu dir.' },
      });
    expect((await decide()).statusCode).toBe(200);
    const expected: Expected = {
      kind: 'payout.rejected',
      type: 'payout',
      event: 'payout.rejected',
      title: 'Auszahlung abgelehnt',
      body: `Deine Auszahlung von ${eur(150_000n)} wurde nicht freigegeben. Der Betrag ist wieder auf deinem Zahlungskonto verfügbar. Grund: Das Empfängerkonto passt nicht zu dir.`,
    };
    await expectOneEntry(user, expected);
    expect((await decide()).statusCode).toBe(409);
    await expectStillOne(user, expected);
    await app.inject({
      method: 'PUT',
      url: '/admin/api/v1/payouts/threshold',
      headers: operator.headers,
      payload: { thresholdCents: '500000' },
    });
  });

  it('corrections: a credit, a debit and a fee refund, one entry each; the same key twice books and tells once', async () => {
    const user = await walletOwner();
    await transferIn(user.iban, '10000');
    await settle();
    const correct = (body: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/admin/api/v1/corrections',
        headers: operator.headers,
        payload: { userId: user.userId, ...body },
      });
    const refund = {
      direction: 'credit',
      purpose: 'feeRefund',
      amountCents: '300',
      reason: 'Gebühr der Überweisung erstattet',
      idempotencyKey: `refund-${user.userId}`,
    };
    expect((await correct(refund)).statusCode).toBe(200);
    expect((await correct(refund)).statusCode).toBe(200);
    const refunded: Expected = {
      kind: 'correction.booked',
      type: 'payout',
      event: 'fee.refunded',
      title: 'Gebühr erstattet',
      body: `Wir haben dir ${eur(300n)} Gebühren erstattet. Grund: Gebühr der Überweisung erstattet`,
    };
    await expectOneEntry(user, refunded);
    await expectStillOne(user, refunded);

    const credit = {
      direction: 'credit',
      amountCents: '1250',
      reason: 'Zinsen nachgebucht',
      idempotencyKey: `c-${user.userId}`,
    };
    expect((await correct(credit)).statusCode).toBe(200);
    await expectOneEntry(user, {
      kind: 'correction.booked',
      type: 'payout',
      event: 'correction.credited',
      title: 'Gutschrift auf deinem Zahlungskonto',
      body: `Wir haben deinem Zahlungskonto ${eur(1_250n)} gutgeschrieben. Grund: Zinsen nachgebucht`,
    });
    const debit = {
      direction: 'debit',
      amountCents: '250',
      reason: 'Doppelte Gutschrift',
      idempotencyKey: `d-${user.userId}`,
    };
    expect((await correct(debit)).statusCode).toBe(200);
    await expectOneEntry(user, {
      kind: 'correction.booked',
      type: 'payout',
      event: 'correction.debited',
      title: 'Belastung deines Zahlungskontos',
      body: `Wir haben deinem Zahlungskonto ${eur(250n)} belastet. Grund: Doppelte Gutschrift`,
    });
    // A debit cannot be a fee refund: refused in German, nothing booked.
    const wrong = await correct({ ...refund, direction: 'debit', idempotencyKey: `w-${user.userId}` });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json().error)).toContain('Eine Gebührenerstattung ist immer eine Gutschrift');
  });
});

describe('purchases, sales and bonuses', () => {
  it('purchase from the issuer with a start bonus: one entry with price + fee − bonus', async () => {
    // The campaign of the investors' partner; only investors who register after its start earn it.
    const probe = await createLoggedInUser(app);
    const [row] = await app.db.select({ partnerId: users.partnerId }).from(users).where(eq(users.id, probe.userId));
    const campaign = await app.inject({
      method: 'POST',
      url: '/admin/api/v1/bonus-campaigns',
      headers: operator.headers,
      payload: {
        partnerId: row?.partnerId,
        kind: 'startBonus',
        title: 'Startbonus',
        amountCents: '2500',
        tiers: null,
        applicability: 'primaryAndSecondary',
        minimumInvestmentCents: '0',
        bonusValidDays: 90,
        validFrom: new Date().toISOString(),
        validUntil: new Date(Date.now() + 86_400_000).toISOString(),
        // One grant only: the other investors of this file buy without a bonus.
        budgetCents: '2500',
      },
    });
    expect(campaign.statusCode, campaign.body).toBe(200);
    const investor = await withChannels(await createInvestor(app, { cashCents: 100_000n, status: 'new' }));
    await app.db.update(users).set({ status: 'verified' }).where(eq(users.id, investor.userId));
    expect((await app.inject({ url: '/api/v1/bonus/allOpenBonuses', headers: investor.headers })).statusCode).toBe(200);

    const assetId = await createPrimaryAsset(app.db, { availableShares: 50, pricePerShareCents: 10_000n });
    const init = await app.inject({
      method: 'POST',
      url: `/api/v1/assets/initInvestment/${assetId}`,
      headers: investor.headers,
      payload: { shares: 3, acknowledgedAppropriateness: true, useBonus: true },
    });
    expect(init.statusCode, init.body).toBe(200);
    expect((await answerInApp(app, investor, init.json().data.signingRequestId)).statusCode).toBe(200);
    const expected: Expected = {
      kind: 'purchase.settled',
      type: 'purchase',
      event: 'purchase.settled',
      title: 'Kauf abgeschlossen',
      body: `Dein Kauf von 3 Anteile an „Testobjekt ${assetId}“ ist abgeschlossen. Betrag: ${eur(27_800n)} (Kaufpreis ${eur(30_000n)} + Gebühr ${eur(300n)} − Bonus ${eur(2_500n)}). Die Anteile liegen jetzt in deinem Portfolio.`,
    };
    await expectOneEntry(investor, expected);
    // The cash that left the account is that very figure.
    const [debit] = await queryRows<{ balance: string }>(
      app.db,
      sql`SELECT balance::text FROM ledger_account_balances WHERE account_key = ${`user_cash:${investor.userId}`}`,
    );
    expect(BigInt(debit?.balance ?? '0')).toBe(100_000n - 27_800n);
    // The signature arrives a second time (a retried call): answered with the recorded outcome,
    // no second entry.
    const again = await answerInApp(app, investor, init.json().data.signingRequestId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.status).toBe('signed');
    await expectStillOne(investor, expected);
  });

  it('a public trade on the bulletin board: one entry for the buyer and one for the seller, with fees', async () => {
    const price = await averagePriceCents(app);
    const seller = await withChannels(await createTrader(app, { shares: 4 }));
    const buyer = await withChannels(await createTrader(app, { cashCents: 10_000_000n }));
    const offerId = await openOffer(app, seller, { type: 'sell', sharesAmount: 4, price: price.toString() });
    const taken = await takeOfferCall(app, buyer, { offerId });
    expect(taken.statusCode, taken.body).toBe(200);
    await signAll(app, buyer);
    const [buy] = await app.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, buyer.userId), eq(transactions.type, 'buy')));
    const [sell] = await app.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, seller.userId), eq(transactions.type, 'sell')));
    if (!buy || !sell) throw new Error('the trade booked no transactions');
    const volume = price * 4n;
    expect(buy.amountCents).toBe(volume);
    const title = (await app.db.execute(sql`SELECT title FROM assets WHERE id = ${SECONDARY_ASSET}`)) as unknown as {
      rows: { title: string }[];
    };
    const assetTitle = title.rows[0]?.title;
    await expectOneEntry(buyer, {
      kind: 'trade.bought',
      type: 'offer',
      event: 'offer.settled',
      title: 'Angebot angenommen: Kauf abgeschlossen',
      body: `Du hast 4 Anteile an „${assetTitle}“ gekauft. Betrag: ${eur(volume + buy.feeCents)} (Kaufpreis ${eur(volume)} + Gebühr ${eur(buy.feeCents)}).`,
    });
    await expectOneEntry(seller, {
      kind: 'trade.sold',
      type: 'offer',
      event: 'offer.settled',
      title: 'Angebot angenommen: Verkauf abgeschlossen',
      body: `Du hast 4 Anteile an „${assetTitle}“ verkauft. ${eur(volume - sell.feeCents)} (Verkaufspreis ${eur(volume)} − Gebühr ${eur(sell.feeCents)}) wurden deinem Zahlungskonto gutgeschrieben.`,
    });
    expect(buy.feeCents).toBeGreaterThan(0n);
  });

  it('referral bonus: one entry for each side, inbox only as they chose for bonuses', async () => {
    const anna = await withChannels(await createInvestor(app, { cashCents: 500_000n }));
    const link = await app.inject({ url: '/api/v1/bonus/referralLink', headers: anna.headers });
    expect(link.statusCode, link.body).toBe(200);
    const nora = await withChannels(await createInvestor(app, { cashCents: 500_000n }));
    const used = await app.inject({
      method: 'PUT',
      url: '/api/v2/user',
      headers: nora.headers,
      payload: { firstName: 'Nora', lastName: 'Muster', referralCode: link.json().data.referralCode },
    });
    expect(used.statusCode, used.body).toBe(200);
    const assetId = await createPrimaryAsset(app.db, { availableShares: 100, pricePerShareCents: 10_000n });
    const init = await app.inject({
      method: 'POST',
      url: `/api/v1/assets/initInvestment/${assetId}`,
      headers: nora.headers,
      payload: { shares: 5, acknowledgedAppropriateness: true },
    });
    expect(init.statusCode, init.body).toBe(200);
    expect((await answerInApp(app, nora, init.json().data.signingRequestId)).statusCode).toBe(200);
    await expectOneEntry(anna, {
      kind: 'bonus.credited',
      type: 'bonus',
      event: 'bonus.referrer',
      title: 'Empfehlungsbonus erhalten',
      body: `Danke für deine Empfehlung! ${eur(5_000n)} wurden deinem Zahlungskonto gutgeschrieben.`,
    });
    await expectOneEntry(nora, {
      kind: 'bonus.credited',
      type: 'bonus',
      event: 'bonus.referee',
      title: 'Bonus erhalten',
      body: `Für deine Anmeldung über eine Empfehlung wurden dir ${eur(5_000n)} auf dein Zahlungskonto gutgeschrieben.`,
    });
  });

  it('a tiered campaign paid after its end: one entry; settling again pays and tells nobody twice', async () => {
    const ben = await withChannels(await createInvestor(app, { cashCents: 500_000n }));
    const [row] = await app.db.select({ partnerId: users.partnerId }).from(users).where(eq(users.id, ben.userId));
    const created = await app.inject({
      method: 'POST',
      url: '/admin/api/v1/bonus-campaigns',
      headers: operator.headers,
      payload: {
        partnerId: row?.partnerId,
        kind: 'birthday',
        title: 'Geburtstagsbonus',
        amountCents: null,
        tiers: [{ investedCents: '100000', bonusCents: '10000' }],
        applicability: 'primaryAndSecondary',
        minimumInvestmentCents: '0',
        bonusValidDays: 90,
        validFrom: new Date(Date.now() - 60_000).toISOString(),
        validUntil: new Date(Date.now() + 86_400_000).toISOString(),
        budgetCents: null,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const campaignId = created.json().data.id;
    const assetId = await createPrimaryAsset(app.db, { availableShares: 100, pricePerShareCents: 10_000n });
    const init = await app.inject({
      method: 'POST',
      url: `/api/v1/assets/initInvestment/${assetId}`,
      headers: ben.headers,
      payload: { shares: 12, acknowledgedAppropriateness: true },
    });
    expect(init.statusCode, init.body).toBe(200);
    expect((await answerInApp(app, ben, init.json().data.signingRequestId)).statusCode).toBe(200);
    // The campaign ends now, with the purchase inside its window.
    await app.db.execute(
      sql`UPDATE bonus_campaigns SET valid_from = now() - interval '2 days', valid_until = now() WHERE id = ${campaignId}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const settleCampaign = () =>
      app.inject({
        method: 'POST',
        url: `/admin/api/v1/bonus-campaigns/${campaignId}/settle`,
        headers: operator.headers,
      });
    const first = await settleCampaign();
    expect(first.statusCode, first.body).toBe(200);
    const expected: Expected = {
      kind: 'bonus.credited',
      type: 'bonus',
      event: 'bonus.campaign',
      title: 'Bonus erhalten: Geburtstagsbonus',
      body: `Aus der Aktion „Geburtstagsbonus“ wurden dir ${eur(10_000n)} auf dein Zahlungskonto gutgeschrieben.`,
    };
    await expectOneEntry(ben, expected);
    expect((await settleCampaign()).json().data.paid).toBe(0);
    await expectStillOne(ben, expected);
  });
});

describe('distributions', () => {
  it('a distribution with tax withheld and its reinvestment: one entry each, once however often the job runs', async () => {
    const holder = await withChannels(await createTrader(app, { cashCents: 1n }));
    // A participation right in debt capital: its distributions carry Austrian KESt (ADR 0030).
    const assetId = await createPrimaryAsset(app.db, {
      distributionFrequency: 'monthly',
      availableShares: 900,
      totalShares: 1000,
      pricePerShareCents: 150n,
      securityType: 'participationRightDebtCapital',
    });
    await fundShares(app.db, holder.userId, assetId, 100);
    const mandate = await app.inject({
      method: 'POST',
      url: '/api/v1/user/reinvestmentMandates',
      headers: holder.headers,
      payload: { assetId, maxPricePerShare: '150', acknowledgedAppropriateness: true },
    });
    expect(mandate.statusCode, mandate.body).toBe(200);
    const [request] = (await pendingSigningRequests(app, holder)).filter(
      (pending) => pending.id === mandate.json().data.signingRequestId,
    );
    expect((await answerSigningRequest(app, holder, request?.id ?? '')).statusCode).toBe(200);
    const plain = await withChannels(await createLoggedInUser(app));
    await giveShares(app.db, plain.userId, assetId, 50n);

    const month = currentMonth();
    await distributeIncome({ db: app.db, outbox: app.outbox }, fourEyes('money-events-test'), assetId, {
      periodKey: month,
      income: incomeBody(month, '100000'),
    });
    await settle();
    const paymentOf = async (userId: string) => {
      const [payment] = await app.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.userId, userId), eq(transactions.assetId, assetId), eq(transactions.type, 'rent')));
      if (!payment) throw new Error('no payment');
      const tax = (payment.taxLines ?? []).reduce((sum, line) => sum + BigInt(line.amountCents), 0n);
      return { ...payment, tax };
    };
    const title = `Testobjekt ${assetId}`;
    const plainPayment = await paymentOf(plain.userId);
    expect(plainPayment.tax).toBeGreaterThan(0n);
    const distributed: Expected = {
      kind: 'distribution.paid',
      type: 'distribution',
      event: 'distribution.paid',
      title: 'Ausschüttung erhalten',
      body: `Für „${title}“ wurden dir ${eur(plainPayment.amountCents)} ausgeschüttet (${eur(plainPayment.amountCents + plainPayment.tax)} brutto, abzüglich ${eur(plainPayment.tax)} einbehaltener Steuern).`,
    };
    await expectOneEntry(plain, distributed);
    await app.db.execute(
      sql`UPDATE outbox SET delivered_at = NULL, next_attempt_at = now() WHERE topic = 'distributions.paid' AND payload->>'userId' = ${plain.userId}`,
    );
    await expectStillOne(plain, distributed);

    const holderPayment = await paymentOf(holder.userId);
    const [reinvested] = await queryRows<{ shares: number; spent_cents: string }>(
      app.db,
      sql`SELECT shares, spent_cents::text FROM reinvestments WHERE distribution_transaction_id = ${holderPayment.id}`,
    );
    expect(reinvested?.shares).toBeGreaterThan(0);
    await expectOneEntry(holder, {
      kind: 'reinvestment.done',
      type: 'distribution',
      event: 'reinvestment.bought',
      title: 'Ausschüttung wiederangelegt',
      body: `Aus deiner Ausschüttung für „${title}“ wurden ${reinvested?.shares} ${reinvested?.shares === 1 ? 'Anteil' : 'Anteile'} für ${eur(BigInt(reinvested?.spent_cents ?? '0'))} gekauft. Der Rest bleibt auf deinem Zahlungskonto.`,
    });
  });
});

describe('verdicts', () => {
  const postIdvEvent = (event: Record<string, string>) => {
    const body = JSON.stringify(event);
    const timestamp = Math.floor(Date.now() / 1000);
    return app.inject({
      method: 'POST',
      url: '/api/v1/identification/webhook',
      headers: {
        'content-type': 'application/json',
        [IDV_TIMESTAMP_HEADER]: String(timestamp),
        [IDV_SIGNATURE_HEADER]: signWebhook(IDV_SECRET, timestamp, body),
      },
      payload: body,
    });
  };

  /** A user whose identification waits for a manual check (the sandbox's PENDING documents). */
  const inReview = async () => {
    const user = await withChannels(await createLoggedInUser(app));
    const idv = identificationClient(app, user);
    await identifyWith(app, idv, `PENDING${String(deviceCounter).padStart(2, '0')}`);
    const { verificationId } = await idv.state();
    return { user, idv, verificationId: verificationId as string };
  };

  it('the provider verdict: one entry; the replayed webhook adds nothing', async () => {
    const { user, verificationId } = await inReview();
    const [row] = await app.db
      .select({ caseId: identityVerifications.providerRef })
      .from(identityVerifications)
      .where(eq(identityVerifications.id, verificationId));
    const event = {
      eventId: `evt-verdict-${verificationId}`,
      type: 'identity.checked',
      caseId: row?.caseId ?? '',
      result: 'success',
    };
    expect((await postIdvEvent(event)).json().data.outcome).toBe('applied');
    const expected: Expected = {
      kind: 'identification.decided',
      type: 'identification',
      event: 'identification.approved',
      title: 'Identifizierung erfolgreich',
      body: 'Deine Identität wurde bestätigt. Unterschreibe jetzt noch die Vereinbarungen, dann kannst du investieren.',
    };
    await expectOneEntry(user, expected);
    expect((await postIdvEvent(event)).json().data.outcome).toBe('duplicate');
    await expectStillOne(user, expected);
  });

  it('the KYC review in the back office: the same entry as the webhook path, with the reason; once', async () => {
    const { user, verificationId } = await inReview();
    const decide = () =>
      app.inject({
        method: 'POST',
        url: `/admin/api/v1/identifications/${verificationId}/decision`,
        headers: compliance.headers,
        payload: { decision: 'decline', reason: 'Das Foto im Ausweis ist nicht erkennbar.' },
      });
    expect((await decide()).statusCode).toBe(200);
    const expected: Expected = {
      kind: 'identification.decided',
      type: 'identification',
      event: 'identification.declined',
      title: 'Identifizierung nicht erfolgreich',
      body: 'Wir konnten deine Identität leider nicht bestätigen. Bitte starte die Identifizierung erneut oder melde dich bei unserem Support. Begründung: Das Foto im Ausweis ist nicht erkennbar.',
    };
    await expectOneEntry(user, expected);
    expect((await decide()).statusCode).toBe(409);
    await expectStillOne(user, expected);
    // The e-mail spec section 4 asks for went out as well, once.
    const mails = (await deliveredTo(user)).filter(
      (message) =>
        message.channel === 'email' && message.subject?.includes('Deine Identifizierung war nicht erfolgreich'),
    );
    expect(mails).toHaveLength(1);
  });

  it('the appropriateness verdict: one entry per new verdict; the same answers again are none', async () => {
    const user = await withChannels(await createLoggedInUser(app));
    const saver = saverAnswers;
    const send = (method: 'POST' | 'PUT', body: typeof saver) =>
      app.inject({ method, url: '/api/v1/user/knowledgeAndExperience', headers: user.headers, payload: body });
    expect((await send('POST', saver)).statusCode).toBe(200);
    const expected: Expected = {
      kind: 'appropriateness.assessed',
      type: 'appropriateness',
      event: 'appropriateness.assessed',
      title: 'Ergebnis deiner Angemessenheitsprüfung',
      body: 'Nach deinen Angaben zu Kenntnissen und Erfahrungen ist keines unserer Produkte für dich angemessen. Vor einem Kauf eines nicht angemessenen Produkts weisen wir dich darauf hin; du kannst dann trotzdem investieren oder deine Angaben ändern.',
    };
    await expectOneEntry(user, expected);
    expect((await send('PUT', saver)).statusCode).toBe(200);
    await expectStillOne(user, expected);

    const skipped = await app.inject({
      method: 'PUT',
      url: '/api/v1/user/noKnowledgeAndExperience',
      headers: user.headers,
      payload: { confirmNoAppropriatenessCheck: true },
    });
    expect(skipped.statusCode, skipped.body).toBe(200);
    await expectOneEntry(user, {
      kind: 'appropriateness.assessed',
      type: 'appropriateness',
      event: 'appropriateness.notProvided',
      title: 'Keine Angemessenheitsprüfung möglich',
      body: 'Du hast keine Angaben zu deinen Kenntnissen und Erfahrungen gemacht. Wir können daher nicht prüfen, ob ein Investment für dich angemessen ist, und weisen dich vor jedem Kauf darauf hin. Du kannst die Angaben jederzeit nachholen.',
    });
  });
});

describe("the investor's data and the operator's messages", () => {
  it('a changed VAT answer: one entry; the first answer and the same answer again are none', async () => {
    const user = await withChannels(await createLoggedInUser(app));
    const answer = (VAT: boolean | undefined) =>
      app.inject({
        method: 'PUT',
        url: '/api/v2/user/account/iban',
        headers: user.headers,
        payload: { iban: OWN_BANK_IBAN, ...(VAT === undefined ? {} : { VAT }) },
      });
    expect((await answer(false)).statusCode).toBe(200);
    expect((await answer(undefined)).statusCode).toBe(200);
    await settle();
    expect((await inboxOf(user)).filter((item) => item.type === 'vat')).toHaveLength(0);

    expect((await answer(true)).statusCode).toBe(200);
    const expected: Expected = {
      kind: 'vat.changed',
      type: 'vat',
      event: 'vat.changed',
      title: 'Angabe zur Umsatzsteuer geändert',
      body: 'Du hast angegeben, dass du Kleinunternehmer:in und damit von der Umsatzsteuer befreit bist. Ausschüttungen rechnen wir ab jetzt ohne Umsatzsteuer ab. Warst du das nicht, melde dich bitte sofort beim Support.',
    };
    const entry = await expectOneEntry(user, expected);
    expect(entry.link).toBe('settings');
    expect((await answer(true)).statusCode).toBe(200);
    await expectStillOne(user, expected);
  });

  it('a message from staff: one entry of type text, audited; support may write, the auditor may not', async () => {
    const user = await withChannels(await createLoggedInUser(app));
    const support = await createStaffSession(app, 'support');
    const auditor = await createStaffSession(app, 'auditor');
    const message = {
      title: 'Rückfrage zu deiner Einzahlung',
      body: 'Bitte sende uns den Zahlungsbeleg vom 1. Dezember.',
    };
    const write = (staff: StaffLoggedIn, payload: unknown, userId = user.userId) =>
      app.inject({
        method: 'POST',
        url: `/admin/api/v1/investors/${userId}/messages`,
        headers: staff.headers,
        payload: payload as Record<string, unknown>,
      });
    expect((await write(auditor, message)).statusCode).toBe(403);
    const empty = await write(support, { title: ' ', body: message.body });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Gib einen Betreff ein.');
    expect((await write(support, message, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const sent = await write(support, message);
    expect(sent.statusCode, sent.body).toBe(200);
    const expected: Expected = { kind: 'message.sent', type: 'text', event: 'message.sent', ...message };
    await expectOneEntry(user, expected);
    await expectStillOne(user, expected);
    const audit = await app.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.userId), eq(auditLog.action, 'investor.message')));
    expect(audit.map((row) => row.after)).toEqual([{ messageId: sent.json().data.messageId, ...message }]);
  });
});

describe('coverage', () => {
  it('walked every kind of money event and verdict', () => {
    expect([...walked].sort()).toEqual([...investorEventKinds].sort());
  });
});
