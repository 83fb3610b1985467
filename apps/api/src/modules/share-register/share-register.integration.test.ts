import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { registerVerifierPageUrl } from '@bw/register';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

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
