// Lighthouse and axe checks of `npm run bench:web` (issue 6): the real product in Debian's Chromium,
// driven by Playwright, with the state a returning visitor has (first open done, session cookie set).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from 'playwright-core';
import { freePort } from './product-server.mjs';

/** Issue 6: Lighthouse mobile performance at least 90 and no axe violations. */
export const LIGHTHOUSE_PERFORMANCE_BUDGET = 90;
export const AXE_VIOLATIONS_BUDGET = 0;

/** The demo asset the measurements open (a power plant with chart, calculators, photos and documents). */
export const BENCH_ASSET_ID = 'pv-landshut-agri';

const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** A phone (spec section 4: under 601 px is mobileWeb), as wide as Lighthouse's mobile emulation. */
const PHONE = { width: 412, height: 823 };
const DESKTOP = { width: 1280, height: 800 };
const STEP_TIMEOUT_MS = 30_000;
const MAIL_POLL_MS = 250;
const MAIL_POLL_TRIES = 40;

const screenUrl = (family, screen) => `/${family}/${screen}`;

const waitForPath = (page, pathname) =>
  page.waitForURL((url) => url.pathname === pathname, { timeout: STEP_TIMEOUT_MS });

/**
 * The startup of spec section 4 on a phone: partner selection, intro slides (skipped), then the
 * register screen. Afterwards the browser profile holds what a returning visitor's does.
 */
const finishFirstOpen = async (page) => {
  await page.goto('/');
  await waitForPath(page, screenUrl('mobileWeb', 'selectPartner'));
  await page.getByTestId('partner-demo').click();
  await waitForPath(page, screenUrl('mobileWeb', 'introSlides'));
  await page.getByRole('button', { name: 'Überspringen' }).click();
  await waitForPath(page, screenUrl('mobileWeb', 'register'));
};

/** A guest: from login through "continue as guest" to the marketplace (a guest has no URL of its own). */
const continueAsGuest = async (page) => {
  await page.goto(screenUrl('mobileWeb', 'login'));
  await page.getByTestId('continue-as-guest').click();
  await waitForPath(page, screenUrl('mobileWeb', 'marketplace'));
};

const json = async (response) => {
  if (!response.ok()) throw new Error(`${response.url()}: HTTP ${response.status()} ${await response.text()}`);
  return (await response.json()).data;
};

const verificationToken = async (request, email) => {
  for (let attempt = 0; attempt < MAIL_POLL_TRIES; attempt += 1) {
    const query = new URLSearchParams({ recipient: email, channel: 'email' });
    const messages = await json(await request.get(`/api/v1/dev/mailbox?${query}`));
    const token = messages[0]?.bodyText.match(/\/verify\/([A-Za-z0-9_-]+)/)?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, MAIL_POLL_MS));
  }
  throw new Error(`no verification e-mail for ${email}`);
};

/** Registers through the API (ADR 0003); the browser profile then holds the session cookies. */
const registerUser = async (request) => {
  const email = `bench.web.${Date.now()}@example.at`;
  await json(await request.post('/auth/register', { data: { email } }));
  const token = await verificationToken(request, email);
  const { csrfToken } = await json(await request.post('/auth/verify-email', { data: { token } }));
  const headers = { 'x-csrf-token': csrfToken };
  await json(await request.put('/api/v2/user', { headers, data: { firstName: 'Bench', lastName: 'Web' } }));
  await json(await request.patch('/auth/set-password', { headers, data: { passwordNew: 'Ziegelstein-Messung-2026' } }));
};

const axeResult = async (page, name) => {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).analyze();
  const nodes = violations.reduce((sum, violation) => sum + violation.nodes.length, 0);
  return {
    name: `axe violations, ${name}`,
    value: violations.length,
    unit: 'rules',
    budget: AXE_VIOLATIONS_BUDGET,
    ok: violations.length <= AXE_VIOLATIONS_BUDGET,
    details: violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}, ${violation.nodes.length} of ${nodes} nodes): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    ),
  };
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

/**
 * Lighthouse's mobile preset slows the CPU 4x, which is right for a host with a benchmark index near
 * 1,500 only. This machine is shared (two cores, other test runs), and its index moves between ~600
 * and ~1,700 from minute to minute. Lighthouse's calibration table (its own throttling guide in the
 * Lighthouse repository, "calibrating the CPU slowdown") maps the host's index to the slowdown that
 * emulates the same phone; applying it before each run keeps the simulated phone the same on a busy
 * and on an idle host (stricter when idle).
 */
export const cpuSlowdownFor = (benchmarkIndex) => {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
};
const BENCHMARK_SAMPLES = 3;

/** The host's benchmark index right now: Lighthouse's own page function, median of a few samples. */
const benchmarkIndex = async (page) => {
  const samples = [];
  for (let sample = 0; sample < BENCHMARK_SAMPLES; sample += 1) {
    samples.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
  }
  return median(samples);
};

/** A run that failed to record (e.g. NO_NAVSTART on a busy host) is repeated; a low score never is. */
const LIGHTHOUSE_ATTEMPTS = 3;

const lighthouseRun = async (url, flags) => {
  const errors = [];
  for (let attempt = 0; attempt < LIGHTHOUSE_ATTEMPTS; attempt += 1) {
    const result = await lighthouse(url, flags);
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' };
    if (!error) return result;
    errors.push(`${error.code}: ${error.message}`);
  }
  throw new Error(`Lighthouse could not measure ${url}: ${errors.join('; ')}`);
};

/**
 * Lighthouse's mobile preset (moto g power, slow 4G, simulated) on one URL, `runs` times; the median
 * counts. `cpuSlowdown` fixes the CPU multiplier; without it each run is calibrated (`cpuSlowdownFor`).
 */
const lighthouseResult = async ({ page, port, url, name, runs, reportDir, cpuSlowdown }) => {
  const scores = [];
  const details = [];
  for (let run = 0; run < runs; run += 1) {
    const hostIndex = await benchmarkIndex(page);
    const multiplier = Number((cpuSlowdown ?? cpuSlowdownFor(hostIndex)).toFixed(1));
    const result = await lighthouseRun(url, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: multiplier },
    });
    const { lhr } = result;
    if (reportDir) {
      const file = path.join(reportDir, `lighthouse-${name.replace(/[^a-z0-9]+/gi, '-')}-${run + 1}`);
      await writeFile(`${file}.json`, JSON.stringify(lhr));
      // The page load's trace: DevTools' performance panel opens it.
      await writeFile(`${file}.trace.json`, JSON.stringify(result.artifacts.Trace));
    }
    const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
    scores.push(score);
    const metrics = METRICS.map(([id, label]) => `${label} ${lhr.audits[id]?.displayValue ?? '?'}`).join(', ');
    const host = `host index ${hostIndex} (Lighthouse ${lhr.environment.benchmarkIndex}), CPU ${multiplier}x`;
    details.push(`run ${run + 1}: ${score} (${metrics}; ${host}) ${new URL(lhr.finalDisplayedUrl).pathname}`);
  }
  const score = median(scores);
  return {
    name: `Lighthouse mobile performance, ${name}`,
    value: score,
    unit: 'points',
    budget: LIGHTHOUSE_PERFORMANCE_BUDGET,
    atLeast: true,
    ok: score >= LIGHTHOUSE_PERFORMANCE_BUDGET,
    details,
  };
};

/**
 * Runs every browser check against `origin` and returns their results:
 * - axe on the marketplace and the asset page as a guest on a phone (mobileWeb);
 * - Lighthouse (mobile) on both, as a returning logged-in user: a guest reaches the marketplace only
 *   through "continue as guest" (spec section 4, step 7 sends a cold start without a session to login),
 *   and Lighthouse measures a page load, so it loads the URLs a logged-in user opens;
 * - axe on both as that user on a desktop (desktopWeb).
 */
export const browserChecks = async ({ origin, executablePath, lighthouseRuns, reportDir, cpuSlowdown }) => {
  if (reportDir) await mkdir(reportDir, { recursive: true });
  const profileDir = await mkdtemp(path.join(os.tmpdir(), 'bw-bench-profile-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
    baseURL: origin,
    viewport: PHONE,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
  });
  const results = [];
  /** One check's result; a check that throws is a failed line, and the next check still runs. */
  const check = async (name, measure) => {
    try {
      const result = await measure();
      results.push(...(Array.isArray(result) ? result : [result]));
    } catch (error) {
      results.push({ name, value: null, unit: '', budget: null, ok: false, details: [String(error?.stack ?? error)] });
    }
  };
  try {
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const page = context.pages()[0] ?? (await context.newPage());
    const marketplaceUrl = (family) => screenUrl(family, 'marketplace');
    const assetUrl = (family) => screenUrl(family, `asset/${BENCH_ASSET_ID}`);
    const assetShown = () => page.getByRole('navigation', { name: 'Bereiche des Objekts' }).waitFor();

    await finishFirstOpen(page);
    await check('axe violations, marketplace (mobileWeb, guest)', async () => {
      await continueAsGuest(page);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      return axeResult(page, 'marketplace (mobileWeb, guest)');
    });
    await check(`axe violations, asset ${BENCH_ASSET_ID} (mobileWeb, guest)`, async () => {
      await page.locator(`a[href$="/asset/${BENCH_ASSET_ID}"]`).first().click();
      await waitForPath(page, assetUrl('mobileWeb'));
      await assetShown();
      return axeResult(page, `asset ${BENCH_ASSET_ID} (mobileWeb, guest)`);
    });

    await registerUser(context.request);
    // The marketplace once, so the local cache holds what a returning user's does (spec section 4).
    await page.goto(marketplaceUrl('mobileWeb'));
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    for (const [name, url] of [
      ['marketplace', marketplaceUrl('mobileWeb')],
      [`asset ${BENCH_ASSET_ID}`, assetUrl('mobileWeb')],
    ]) {
      await check(`Lighthouse mobile performance, ${name}`, () =>
        lighthouseResult({ page, port, url: `${origin}${url}`, name, runs: lighthouseRuns, reportDir, cpuSlowdown }),
      );
    }

    await page.setViewportSize(DESKTOP);
    await check('axe violations, marketplace (desktopWeb, logged in)', async () => {
      await page.goto(marketplaceUrl('desktopWeb'));
      await waitForPath(page, marketplaceUrl('desktopWeb'));
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      return axeResult(page, 'marketplace (desktopWeb, logged in)');
    });
    await check(`axe violations, asset ${BENCH_ASSET_ID} (desktopWeb, logged in)`, async () => {
      await page.goto(`${assetUrl('desktopWeb')}/details`);
      await assetShown();
      return axeResult(page, `asset ${BENCH_ASSET_ID} (desktopWeb, logged in)`);
    });
  } finally {
    await context.close();
    await rm(profileDir, { recursive: true, force: true });
  }
  return results;
};
