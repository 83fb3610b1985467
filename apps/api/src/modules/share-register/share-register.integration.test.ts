import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  fromBase64Url,
  fromHex,
  type RegisterProofFile,
  registerVerifierPageUrl,
  type SignedTreeHead,
  verifyConsistency,
  verifyRegisterLog,
  verifyRegisterProof,
  verifyTreeHeadSignature,
} from '@bw/register';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLoggedInUser } from '../auth/auth.test-support.js';
import { createStaffSession } from '../backoffice/backoffice.test-support.js';
import {
  answerInApp,
  createInvestor,
  createPrimaryAsset,
  type Investor,
} from '../primary-market/primary-market.test-support.js';

// The browser-visible test listens on a port of this worktree's range (REGISTER_TEST_PORT to override).
const PORT = Number(process.env.REGISTER_TEST_PORT ?? 4301);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: PORT });
});
afterAll(() => t.close());

describe('GET /share-register/verify', () => {
  it('serves the self-contained verifier page to anyone, under the page’s own policy that forbids every connection', async () => {
    const res = await t.app.inject({ url: '/share-register/verify' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe(fs.readFileSync(registerVerifierPageUrl(), 'utf8'));
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toMatch(/script-src 'sha256-/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('runs in the browser when served: a file that is no proof is refused in German, without any request back', async () => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'share-register-'));
    try {
      const page = await browser.newPage();
      const requests: string[] = [];
      const errors: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const url = `http://127.0.0.1:${PORT}/share-register/verify`;
      await page.goto(url);
      const file = path.join(dir, 'kein-nachweis.json');
      fs.writeFileSync(file, JSON.stringify({ format: 'brickwise.register.proof', version: 2 }));
      await page.getByTestId('register-verify-proof').setInputFiles(file);
      await page.getByTestId('register-verify-submit').click();
      const result = page.getByTestId('register-verify-result');
      await expect.poll(() => result.getAttribute('data-valid')).toBe('false');
      expect(await page.getByTestId('register-verify-failures').textContent()).toContain(
        'Die Datei ist kein gültiger Registernachweis (version 2 is not supported)',
      );
      expect(requests).toEqual([url]);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the register’s published roots and the investor’s proof', () => {
  const buyAndSign = async (investor: Investor, assetId: string, shares: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/assets/initInvestment/${assetId}`,
      headers: investor.headers,
      payload: { shares, acknowledgedAppropriateness: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await answerInApp(t.app, investor, res.json().data.signingRequestId)).statusCode).toBe(200);
  };
  const publish = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/dev/register/publishRoots' });
    expect(res.statusCode).toBe(200);
    return res.json().data.published as number;
  };
  const rootsOf = async (assetId: string) => {
    const res = await t.app.inject({ url: `/api/v1/register/roots?assetId=${assetId}` });
    expect(res.statusCode).toBe(200);
    return res.json().data as { platformKey: { keyId: string; publicKey: string }; roots: SignedTreeHead[] };
  };

  it('publishes a signed root per grown asset, proves consistency between roots, lists them publicly, and hands the holder a proof that verifies', async () => {
    const assetId = await createPrimaryAsset(t.app.db, { availableShares: 50, totalShares: 50 });
    const investor = await createInvestor(t.app, { cashCents: 5_000_000n });
    const other = await createInvestor(t.app, { cashCents: 5_000_000n });

    // Nothing published yet: the download explains itself in German.
    await buyAndSign(investor, assetId, 3);
    const early = await t.app.inject({ url: `/api/v1/user/register/proof/${assetId}`, headers: investor.headers });
    expect(early.statusCode).toBe(404);
    expect(early.json().error.code).toBe('REGISTER_NO_ENTRIES');

    expect(await publish()).toBeGreaterThanOrEqual(1);
    expect(await publish()).toBe(0);
    await buyAndSign(other, assetId, 2);
    await buyAndSign(investor, assetId, 4);
    expect(await publish()).toBe(1);

    const { platformKey, roots } = await rootsOf(assetId);
    expect(roots.map((root) => root.treeSize)).toEqual([1, 3]);
    const key = fromBase64Url(platformKey.publicKey) as Uint8Array;
    for (const root of roots) expect(verifyTreeHeadSignature(root, key)).toBe(true);

    const consistency = await t.app.inject({
      url: `/api/v1/register/consistency?assetId=${assetId}&fromSize=1&toSize=3`,
    });
    expect(consistency.statusCode).toBe(200);
    const proof = consistency.json().data as { proof: string[] };
    const [first, second] = roots as [SignedTreeHead, SignedTreeHead];
    const hashes = proof.proof.map((hash) => fromHex(hash) as Uint8Array);
    expect(
      verifyConsistency(1, 3, fromHex(first.rootHash) as Uint8Array, fromHex(second.rootHash) as Uint8Array, hashes),
    ).toBe(true);
    const missing = await t.app.inject({ url: `/api/v1/register/consistency?assetId=${assetId}&fromSize=2&toSize=3` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('REGISTER_ROOT_NOT_FOUND');

    const rootFile = await t.app.inject({ url: `/api/v1/register/roots/${assetId}/3` });
    expect(rootFile.statusCode).toBe(200);
    expect(rootFile.json()).toEqual(second);

    const page = await t.app.inject({ url: '/share-register/roots' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('Anteilsregister: veröffentlichte Wurzeln');
    expect(page.body).toContain(second.rootHash);
    expect(page.body).toContain(platformKey.keyId);

    const download = await t.app.inject({ url: `/api/v1/user/register/proof/${assetId}`, headers: investor.headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="registernachweis-${assetId}.json"`);
    const file = download.json() as RegisterProofFile;
    const report = verifyRegisterProof(file, { platformPublicKey: platformKey.publicKey, root: second });
    expect(report.failures).toEqual([]);
    expect(report.summary?.shares).toBe('7');
    expect(file.entries).toHaveLength(2);
    // Pseudonymous: no amount of money or name in the entries, only in the holder's own signed payloads.
    expect(JSON.stringify(file.entries.map((item) => item.entry))).not.toMatch(/amountCents|priceCents|@/);

    const stranger = await createLoggedInUser(t.app);
    const none = await t.app.inject({ url: `/api/v1/user/register/proof/${assetId}`, headers: stranger.headers });
    expect(none.statusCode).toBe(404);
    const anonymous = await t.app.inject({ url: `/api/v1/user/register/proof/${assetId}` });
    expect(anonymous.statusCode).toBe(401);

    // The back office: each holder's register total equals the ledger's share books; the CSV export.
    const auditor = await createStaffSession(t.app, 'auditor');
    const view = await t.app.inject({ url: `/admin/api/v1/assets/${assetId}/register`, headers: auditor.headers });
    expect(view.statusCode).toBe(200);
    const register = view.json().data;
    expect(register).toMatchObject({ assetId, entries: 3, agrees: true });
    expect(register.latestRoot.treeSize).toBe(3);
    expect(
      register.holders.map((h: { userId: string; registerShares: number; ledgerShares: number }) => [
        h.userId,
        h.registerShares,
        h.ledgerShares,
      ]),
    ).toEqual([
      [investor.userId, 7, 7],
      [other.userId, 2, 2],
    ]);
    const csv = await t.app.inject({
      url: `/admin/api/v1/assets/${assetId}/register/export`,
      headers: auditor.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('asset_id,pseudonym,user_id,name,email,register_shares,ledger_shares,last_seq');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,${investor.userId},`);
    expect(lines[1]).toContain(',7,7,2');
    const log = await t.app.inject({ url: `/admin/api/v1/assets/${assetId}/register/log`, headers: auditor.headers });
    expect(log.statusCode).toBe(200);
    const logReport = verifyRegisterLog(log.json(), { platformPublicKey: platformKey.publicKey });
    expect(logReport.failures).toEqual([]);
    expect(logReport.summary?.entries).toBe(3);
    const guest = await t.app.inject({ url: `/admin/api/v1/assets/${assetId}/register` });
    expect(guest.statusCode).toBe(401);
  }, 120_000);
});
