import { agreementSignatures, auditLog, dataExports, queryRows } from '@bw/db';
import { verifyRegisterProof } from '@bw/register';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  answerInApp,
  createInvestor,
  createPrimaryAsset,
  type Investor,
} from '../../primary-market/primary-market.test-support.js';
import { platformKeyOf, publishRegisterRoots, registerSignerFromSeed } from '../../share-register/register-roots.js';
import { DATA_EXPORT_DAILY_LIMIT, DATA_EXPORT_TTL_DAYS } from './data-export.js';
import { EXCLUDED_TABLES, REDACTED, tablesNamingUsers } from './personal-records.js';

/**
 * GDPR Art. 15 and 20 (issue 39, ADR 0051): request in the settings → the job builds the ZIP →
 * the inbox says so with a link → the ZIP holds every section; only its investor can download it,
 * and not after 7 days.
 */
let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
});
afterAll(() => t?.close());

const DAY_MS = 86_400_000;

const requestExport = (investor: Investor) =>
  app.inject({ method: 'POST', url: '/api/v1/user/dataExport', headers: investor.headers });

const inbox = async (investor: Investor) => {
  const res = await app.inject({ url: '/api/v1/notification', headers: investor.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as {
    event: string;
    title: string;
    body: string;
    link: string;
    data: Record<string, string>;
  }[];
};

const jobErrors = async () =>
  (
    await queryRows<{ last_error: string }>(
      app.db,
      sql`SELECT last_error FROM outbox WHERE topic = 'accounts.build-data-export' AND last_error IS NOT NULL`,
    )
  ).map((row) => row.last_error);

const download = (investor: Investor, url: string) => app.inject({ url, headers: investor.headers });

const jsonIn = (files: Record<string, Uint8Array>, name: string) => {
  const file = files[name];
  if (!file) throw new Error(`${name} missing; the ZIP has ${Object.keys(files).join(', ')}`);
  return JSON.parse(strFromU8(file));
};

describe('Meine Daten exportieren', () => {
  it('answers 401 without a session on every route, before the input is read', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/user/dataExport'],
      ['POST', '/api/v1/user/dataExport'],
      ['GET', '/api/v1/user/dataExport/download?token=x'],
    ] as const)
      expect((await app.inject({ method, url })).statusCode).toBe(401);
  });

  it('request → job → inbox → ZIP with every section; the ledger lines sum to the balances; others and the expired link are refused', async () => {
    const assetId = await createPrimaryAsset(app.db, { availableShares: 50, totalShares: 50 });
    const investor = await createInvestor(app, { cashCents: 5_000_000n });
    const bought = await app.inject({
      method: 'POST',
      url: `/api/v1/assets/initInvestment/${assetId}`,
      headers: investor.headers,
      payload: { shares: 4, acknowledgedAppropriateness: true },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await answerInApp(app, investor, bought.json().data.signingRequestId)).statusCode).toBe(200);
    await publishRegisterRoots(app.db, registerSignerFromSeed(app.config.REGISTER_SIGNING_KEY), new Date());
    await app.db.insert(agreementSignatures).values({
      userId: investor.userId,
      status: 'signed',
      documents: ['productProvider', 'customerInformation'],
      otpHash: 'a-secret-hash',
      signedAt: new Date(),
    });

    // Requested: pending, audited; a second request answers the same export.
    const first = await requestExport(investor);
    expect(first.statusCode, first.body).toBe(200);
    const pending = first.json().data;
    expect(pending).toMatchObject({ status: 'pending', downloadUrl: null });
    const again = await requestExport(investor);
    expect(again.json().data.id).toBe(pending.id);
    expect(await app.db.select().from(dataExports).where(eq(dataExports.userId, investor.userId))).toHaveLength(1);
    const state = await app.inject({ url: '/api/v1/user/dataExport', headers: investor.headers });
    expect(state.json().data.export.status).toBe('pending');

    // The worker builds it; the inbox tells, with the link.
    await app.outboxRelay.drain();
    expect(await jobErrors()).toEqual([]);
    const ready = (await app.inject({ url: '/api/v1/user/dataExport', headers: investor.headers })).json().data.export;
    expect(ready.status).toBe('ready');
    expect(new Date(ready.expiresAt).getTime() - new Date(ready.readyAt).getTime()).toBe(DATA_EXPORT_TTL_DAYS * DAY_MS);
    const note = (await inbox(investor)).find((item) => item.event === 'dataExport.ready');
    expect(note?.title).toBe('Dein Datenexport ist fertig');
    expect(note?.data.downloadUrl).toBe(ready.downloadUrl);

    // Downloaded: a ZIP with every section.
    const res = await download(investor, note?.data.downloadUrl ?? '');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="meine-daten-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const manifest = jsonIn(files, 'manifest.json');
    expect(manifest).toMatchObject({ format: 'brickwise.data-export', version: 1, userId: investor.userId });
    expect(strFromU8(files['LIESMICH.txt'] ?? new Uint8Array())).toContain('Art. 15 und Art. 20 DSGVO');
    for (const table of [
      'users',
      'personal_information',
      'ledger_accounts',
      'ledger_holds',
      'ledger_entries',
      'transactions',
      'primary_purchases',
      'signing_requests',
      'security_apps',
      'sessions',
      'known_devices',
      'agreement_signatures',
      'register_positions',
      'notifications',
    ])
      expect(Object.keys(files), table).toContain(`daten/${table}.json`);
    for (const section of [
      'konto/buchungen',
      'konto/bestand',
      'dokumente/vereinbarungen',
      'dokumente/steuerbescheinigungen',
      'dokumente/abstimmungen',
      'register',
    ])
      expect(manifest.sections, section).toHaveProperty(section);

    // The user's own row, without secrets; the secret hashes are replaced.
    const [user] = jsonIn(files, 'daten/users.json').rows;
    expect(user).toMatchObject({ id: investor.userId, email: investor.email });
    expect(user.password_hash).toBe(REDACTED);
    expect(jsonIn(files, 'daten/agreement_signatures.json').rows[0].otp_hash).toBe(REDACTED);
    expect(
      jsonIn(files, 'daten/sessions.json').rows.every((row: { token_hash: string }) => row.token_hash === REDACTED),
    ).toBe(true);
    for (const table of Object.keys(EXCLUDED_TABLES)) expect(Object.keys(files)).not.toContain(`daten/${table}.json`);

    // Every ledger book: its lines sum to its balance, and the books are the database's.
    const { books } = jsonIn(files, 'konto/buchungen.json');
    const balances = await queryRows<{ account_key: string; balance: string }>(
      app.db,
      sql`SELECT account_key, balance::text FROM ledger_accounts WHERE user_id = ${investor.userId} ORDER BY account_key`,
    );
    expect(books.map((book: { accountKey: string; balance: string }) => [book.accountKey, book.balance])).toEqual(
      balances.map((row) => [row.account_key, row.balance]),
    );
    for (const book of books as { balance: string; lines: { amount: string }[] }[])
      expect(book.lines.reduce((sum, line) => sum + BigInt(line.amount), 0n)).toBe(BigInt(book.balance));
    expect(jsonIn(files, 'konto/bestand.json').holdings).toEqual([
      { assetId, freeShares: '4', heldShares: '0', shares: '4' },
    ]);

    // The PDFs and the register proof, which verifies.
    const pdfs = Object.keys(files).filter((name) => name.startsWith('dokumente/vereinbarungen/'));
    expect(pdfs).toHaveLength(2);
    for (const name of pdfs) expect(strFromU8(files[name]?.subarray(0, 5) ?? new Uint8Array())).toBe('%PDF-');
    const proof = jsonIn(files, `register/registernachweis-${assetId}.json`);
    const signer = registerSignerFromSeed(app.config.REGISTER_SIGNING_KEY);
    const report = verifyRegisterProof(proof, { platformPublicKey: platformKeyOf(signer).publicKey });
    expect(report.failures).toEqual([]);
    expect(report.summary?.shares).toBe('4');
    expect(manifest.sections.register).toBe(1);

    // A HEAD checks the link but is no download.
    expect(
      (await app.inject({ method: 'HEAD', url: note?.data.downloadUrl ?? '', headers: investor.headers })).statusCode,
    ).toBe(200);

    // Audited: the request and the one download.
    const audited = await app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'investor'), eq(auditLog.targetId, investor.userId)));
    expect(audited.map((row) => row.action).sort()).toEqual(['dataExport.download', 'dataExport.request']);

    // Another investor cannot download it, not even with the link.
    const other = await createInvestor(app);
    const foreign = await download(other, note?.data.downloadUrl ?? '');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('DATA_EXPORT_NOT_FOUND');
    const forged = (note?.data.downloadUrl ?? '').replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect((await download(investor, forged)).statusCode).toBe(404);

    // After 7 days: 410 with the German explanation, and the state says expired.
    await app.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, pending.id));
    const expired = await download(investor, note?.data.downloadUrl ?? '');
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toMatchObject({
      code: 'DATA_EXPORT_EXPIRED',
      message:
        'Dieser Download-Link ist abgelaufen. Bitte fordere in den Einstellungen unter „Meine Daten exportieren“ einen neuen Export an.',
    });
    const after = (await app.inject({ url: '/api/v1/user/dataExport', headers: investor.headers })).json().data.export;
    expect(after).toMatchObject({ status: 'expired', downloadUrl: null });
  });

  it('a link whose own expiry has passed is 410 even while the row is younger', async () => {
    const investor = await createInvestor(app);
    await requestExport(investor);
    await app.outboxRelay.drain();
    const ready = (await app.inject({ url: '/api/v1/user/dataExport', headers: investor.headers })).json().data.export;
    const url = new URL(ready.downloadUrl, 'http://x');
    const [id, , mac] = (url.searchParams.get('token') ?? '').split('.');
    // A token with an earlier expiry but the old signature: refused as forged, never as valid.
    expect((await download(investor, `${url.pathname}?token=${id}.1.${mac}`)).statusCode).toBe(404);
  });

  it('allows 3 requests a day and refuses the 4th with 429', async () => {
    const investor = await createInvestor(app);
    for (let i = 0; i < DATA_EXPORT_DAILY_LIMIT; i += 1) {
      expect((await requestExport(investor)).statusCode).toBe(200);
      await app.outboxRelay.drain();
    }
    const refused = await requestExport(investor);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('DATA_EXPORT_LIMIT');
  });

  it('two requests at the same time make one export', async () => {
    const investor = await createInvestor(app);
    const answers = await Promise.all([requestExport(investor), requestExport(investor), requestExport(investor)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((res) => res.json().data.id)).size).toBe(1);
  });

  it('walks every table that names a user (a new table is exported without a list to update)', () => {
    const tables = tablesNamingUsers();
    for (const table of [
      'users',
      'personal_information',
      'user_tax_ids',
      'savings_plans',
      'voting_votes',
      'support_requests',
    ])
      expect(tables.includes(table) || table === 'users', table).toBe(true);
    for (const table of Object.keys(EXCLUDED_TABLES).filter((name) => name !== 'ledger_balance_shards'))
      expect(tables, table).toContain(table);
  });
});
