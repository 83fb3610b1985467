/**
 * The two verifiers as an investor or auditor runs them: the command line as a child process, and
 * the self-contained browser page in Chromium, opened from disk, with proof files written by the
 * builder. Both must accept a genuine proof, refuse a tampered one with an explanation, and the
 * page must make no network request.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBase64Url } from './bytes.js';
import { buildHistory, clone, logFor, PLATFORM_PUBLIC_KEY, proofFor } from './register.test-support.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PAGE = path.join(ROOT, 'packages/register/verifier/verify.html');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'register-verifier-'));

const history = buildHistory(
  3,
  [
    { kind: 'purchase', to: 0, shares: 10 },
    { kind: 'purchase', to: 1, shares: 4 },
    { kind: 'trade', from: 0, to: 1, shares: 3 },
    { kind: 'purchase', to: 2, shares: 7 },
    { kind: 'purchase', to: 0, shares: 1200 },
  ],
  [2, 4, 5],
);
const who = history.investors[0] as (typeof history.investors)[number];
const proof = proofFor(history, who);
const tampered = clone(proof);
(tampered.entries[0] as (typeof tampered.entries)[number]).entry.shares = '100';
const files = {
  proof: path.join(dir, 'nachweis.json'),
  tampered: path.join(dir, 'nachweis-veraendert.json'),
  root: path.join(dir, 'wurzel.json'),
  log: path.join(dir, 'register.json'),
};
fs.writeFileSync(files.proof, JSON.stringify(proof, null, 2));
fs.writeFileSync(files.tampered, JSON.stringify(tampered, null, 2));
fs.writeFileSync(files.root, JSON.stringify(history.roots[1]));
fs.writeFileSync(files.log, JSON.stringify(logFor(history)));

const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/verify-register-proof.mjs'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });

describe('command-line verifier', () => {
  it('accepts a genuine proof with its published root and platform key, and a whole log', () => {
    const run = cli(files.proof, '--root', files.root, '--platform-key', toBase64Url(PLATFORM_PUBLIC_KEY));
    expect(run.stdout).toContain('VALID: every check passed.');
    expect(run.stdout).toContain('shares           1207 after 3 entries');
    expect(run.status).toBe(0);
    const log = cli(files.log);
    expect(log.stdout).toContain('VALID');
    expect(log.status).toBe(0);
  });

  it('refuses a tampered proof with the reason, in English or German, and as JSON', () => {
    const run = cli(files.tampered);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('FAIL  Entry 0 is not included in the root of size 5');
    expect(cli(files.tampered, '--lang', 'de').stdout).toContain(
      'Der Nachweis passt nicht zur veröffentlichten Wurzel',
    );
    const json = JSON.parse(cli(files.tampered, '--json').stdout) as { ok: boolean; failures: { code: string }[] };
    expect(json.ok).toBe(false);
    expect(json.failures.map((f) => f.code)).toContain('INCLUSION_INVALID');
  });

  it('answers a usage error with exit code 2', () => {
    expect(cli().status).toBe(2);
    expect(cli(path.join(dir, 'missing.json')).status).toBe(2);
  });
});

describe('browser verifier page', () => {
  let browser: Awaited<ReturnType<typeof chromium.launch>>;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const open = async (width: number, height: number) => {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(pathToFileURL(PAGE).href);
    return { page, requests, errors };
  };

  it('says a genuine proof is valid, with the holding, and calls no server', async () => {
    const { page, requests, errors } = await open(1280, 800);
    await page.getByTestId('register-verify-proof').setInputFiles(files.proof);
    await page.getByTestId('register-verify-root').setInputFiles(files.root);
    await page.getByTestId('register-verify-submit').click();
    const result = page.getByTestId('register-verify-result');
    await expect.poll(() => result.getAttribute('data-valid')).toBe('true');
    expect(await result.textContent()).toContain('Der Nachweis ist gültig.');
    expect(await page.getByTestId('register-verify-shares').textContent()).toBe('1.207 Anteile');
    if (process.env.REGISTER_SCREENSHOTS)
      await page.screenshot({
        path: path.join(process.env.REGISTER_SCREENSHOTS, 'verify-valid-1280.png'),
        fullPage: true,
      });
    // Accessible as it stands with a result on screen (WCAG 2.1 AA rules).
    const axe = await new AxeBuilder({ page: page as never })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.passes.length).toBeGreaterThan(10);
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(requests).toEqual([pathToFileURL(PAGE).href]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('refuses a tampered proof with a German explanation', async () => {
    const { page, requests, errors } = await open(390, 844);
    await page.getByTestId('register-verify-proof').setInputFiles(files.tampered);
    await page.getByTestId('register-verify-submit').click();
    const result = page.getByTestId('register-verify-result');
    await expect.poll(() => result.getAttribute('data-valid')).toBe('false');
    expect(await result.textContent()).toContain('Der Nachweis ist ungültig.');
    expect(await page.getByTestId('register-verify-failures').textContent()).toContain(
      'Der Nachweis passt nicht zur veröffentlichten Wurzel: Eintrag Nr. 0 ist nicht in der Wurzel mit 5 Einträgen enthalten.',
    );
    if (process.env.REGISTER_SCREENSHOTS)
      await page.screenshot({
        path: path.join(process.env.REGISTER_SCREENSHOTS, 'verify-tampered-390.png'),
        fullPage: true,
      });
    expect(requests).toEqual([pathToFileURL(PAGE).href]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
