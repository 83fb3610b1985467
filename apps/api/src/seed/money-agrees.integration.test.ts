import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  InvestmentsView,
  InvestorDetail,
  NotificationItem,
  PaymentAccountView,
  PurchaseView,
  Transaction,
  TransactionMetadata,
} from '@bw/contracts';
import { balanceOfMovements, calendarDay, parseCents, shownCentsOfMovement } from '@bw/domain';
import { formatEur } from '@bw/i18n';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createStaffSession } from '../modules/backoffice/backoffice.test-support.js';
import { getReconciliation } from '../modules/payments/admin/reconciliation.js';
import { testConfig } from '../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { logInClient } from './client.js';
import { DEMO_PASSWORD } from './investors.js';
import { demoInvestors } from './investors-content.js';

/**
 * Issue 34 "must show": on the demo as a fresh install seeds it, for each demo investor the balance
 * equals the sum of the account list, every purchase shows one amount (the account line, the
 * purchase's own view the success screen reads, the inbox text), and the back office's
 * reconciliation is zero. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
const EMAILS = demoInvestors.map((investor) =>
  `${investor.firstName}.${investor.lastName}@demo.brickwise.at`.toLowerCase(),
);

let database: TestDatabase;
let dataDir: string;
let app: FastifyInstance;

const figures = (row: Transaction) => ({
  type: row.type,
  status: row.status,
  amountCents: parseCents(row.amount),
  feeCents: parseCents(row.fee.amount),
  bonusCents: parseCents(row.bonus.amount),
});

beforeAll(async () => {
  database = await createTestDatabase({ fixtures: false });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'bw-money-'));
  app = await buildApp(testConfig({ SEED: 'demo', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { database });
  await app.outboxRelay.drain();
}, 300_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('money on every screen agrees (demo seed)', () => {
  it.each(EMAILS)('%s: the balance is the sum of the account list, fees and bonuses included', async (email) => {
    const client = await logInClient(app, email, DEMO_PASSWORD);
    const account = await client.data<PaymentAccountView>('GET', '/api/v1/payment/account');
    const rows = [...account.pendingTransactions, ...account.pastTransactions];
    expect(rows.length).toBeGreaterThan(0);
    expect(BigInt(account.amount)).toBe(balanceOfMovements(rows.map(figures)));
    // Every line names its asset by its title, never by its id.
    for (const row of rows.filter((line) => line.assetId)) {
      expect(row.assetTitle, row.transactionId).toBeTruthy();
      expect(row.assetTitle).not.toBe(row.assetId);
    }
  });

  it.each(EMAILS)('%s: every purchase shows one amount in the list, its success view and the inbox', async (email) => {
    const client = await logInClient(app, email, DEMO_PASSWORD);
    const account = await client.data<PaymentAccountView>('GET', '/api/v1/payment/account');
    const inbox = (await client.data<{ items: NotificationItem[] }>('GET', '/api/v1/notification?pageSize=50')).items;
    const buys = account.pastTransactions.filter((row) => row.type === 'buy' && row.status === 'success');
    expect(buys.length).toBeGreaterThan(0);
    for (const buy of buys) {
      const shown = formatEur(shownCentsOfMovement(figures(buy)), 'de-AT');
      const purchase = await client.call('GET', `/api/v1/assets/investment/${buy.transactionId}`);
      const texts = inbox.filter((item) => item.data.transactionId === buy.transactionId);
      expect(texts.length, `inbox entry of ${buy.transactionId}`).toBeGreaterThan(0);
      for (const text of texts) expect(text.body, text.title).toContain(`Betrag: ${shown}`);
      if (purchase.statusCode === 200) {
        const view = purchase.json().data as PurchaseView;
        expect(formatEur(BigInt(view.total), 'de-AT')).toBe(shown);
      }
    }
    // The e-mails about purchases name the same amounts as the account lines.
    const spaced = (text: string) => text.replace(/\s/g, ' ');
    const shownAmounts = new Set(buys.map((buy) => spaced(formatEur(shownCentsOfMovement(figures(buy)), 'de-AT'))));
    const mails = (await app.inject({ url: '/api/v1/dev/mailbox', query: { recipient: email } })).json().data as {
      subject: string | null;
      bodyText: string;
    }[];
    for (const mail of mails.filter(
      (entry) => /Kauf/.test(entry.subject ?? '') && entry.bodyText.includes('Betrag: '),
    )) {
      const amount = mail.bodyText.match(/Betrag: ([\d.]+,\d{2}\s€)/)?.[1];
      expect(shownAmounts, mail.subject ?? '').toContain(spaced(amount ?? ''));
    }
  });

  it.each(EMAILS)('%s: the back office shows the balance and the lines the investor sees', async (email) => {
    const client = await logInClient(app, email, DEMO_PASSWORD);
    const account = await client.data<PaymentAccountView>('GET', '/api/v1/payment/account');
    const rows = [...account.pendingTransactions, ...account.pastTransactions];
    const staff = await createStaffSession(app, 'support');
    const userId = (await client.data<{ userId: string }>('GET', '/api/v1/user')).userId;
    const detail = await app.inject({ url: `/admin/api/v1/investors/${userId}`, headers: staff.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    const { balance, transactions, agreements } = detail.json().data as InvestorDetail;
    // The signed agreements by their German names with the providers (ADR 0050), not their kinds.
    expect(agreements.length).toBeGreaterThan(0);
    for (const agreement of agreements) {
      expect(agreement.documentTitles).toHaveLength(agreement.documents.length);
      for (const title of agreement.documentTitles) expect(title).toMatch(/^[A-ZÄÖÜ][^:]* – \S/);
    }
    expect(balance.balanceCents).toBe(account.amount);
    expect(balance.availableCents).toBe(account.availableAmount);
    expect(balance.heldCents).toBe(account.heldAmount);
    expect(transactions.map((line) => line.id).sort()).toEqual(rows.map((row) => row.transactionId).sort());
    for (const row of rows) {
      const line = transactions.find((candidate) => candidate.id === row.transactionId);
      expect(line?.amountCents, row.transactionId).toBe(shownCentsOfMovement(figures(row)).toString());
      expect(line?.assetTitle).toBe(row.assetTitle);
    }
  });

  it.each(EMAILS)(
    "%s: investments total is the chart's last point, each tile price the chart's last price",
    async (email) => {
      const client = await logInClient(app, email, DEMO_PASSWORD);
      const investments = await client.data<InvestmentsView>('GET', '/api/v1/user/investments');
      const history = await client.data<{ points: { valueCents: string }[] }>(
        'GET',
        '/api/v1/user/investments/history',
      );
      expect(investments.holdings.length).toBeGreaterThan(0);
      expect(history.points.at(-1)?.valueCents).toBe(investments.totalValue);
      for (const holding of investments.holdings) {
        const meta = await client.data<TransactionMetadata>(
          'GET',
          `/api/v1/assets/transactionMetadata/${holding.assetId}?fields=diagramData`,
        );
        expect(holding.pricePerShare, holding.assetId).toBe(meta.lastPriceCents ?? meta.pricePerShareCents);
        // The chart's 30-day average of today is the figure written under it.
        const last = meta.diagramData?.points.at(-1);
        if (last?.date === calendarDay(Date.now())) expect(last.movingAverageCents).toBe(meta.averagePrice30DaysCents);
      }
    },
  );

  it('the back office reconciliation is zero: every euro at the provider came with a confirmed event', async () => {
    const view = await getReconciliation(app.db, new Date());
    expect(view.ledgerBalanced).toBe(true);
    expect(view.differences).toEqual([]);
    expect(view.ledgerProviderCents).toBe(view.confirmedCents);
    expect(view.differenceCents).toBe('0');
    expect(BigInt(view.confirmedCents)).toBeGreaterThan(0n);
  });
});
