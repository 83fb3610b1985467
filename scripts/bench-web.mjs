#!/usr/bin/env node
/**
 * Web budgets of the built app (issues 3 and 6), one line per check; exits non-zero when any is over.
 *
 * 1. The marketplace route's initial JavaScript (gzip), read from apps/web/dist.
 * 2. In Debian's Chromium against the real server (a fresh embedded database with the demo catalogue):
 *    axe on the marketplace and an asset page, and Lighthouse mobile performance of both
 *    (scripts/lib/bench-web-browser.mjs says which state each is measured in).
 *
 * The web app is built first when apps/web/dist is missing or older than its sources.
 *
 *   Result = { name, value, unit, budget, atLeast?: boolean, ok, details: string[] }
 *   (a budget is a maximum unless `atLeast`)
 *
 * Usage: node scripts/bench-web.mjs [--json] [--dist apps/web/dist] [--runs 3] [--skip-browser]
 *                                  [--cpu-slowdown N] [--report-dir DIR]
 *   --runs          Lighthouse runs per page; the median counts (default 3)
 *   --skip-browser  only the bundle check (no server, no browser)
 *   --cpu-slowdown  a fixed Lighthouse CPU multiplier (4 is Lighthouse's default) instead of calibrating
 *                   it to the host's benchmark index before each run (scripts/lib/bench-web-browser.mjs)
 *   --report-dir    also write each Lighthouse result (JSON for the Lighthouse viewer) and its trace there
 *   CHROMIUM_PATH   the browser (default /usr/bin/chromium)
 */
import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ensureWebBuild } from './lib/web-build.mjs';

/** Lighthouse scores move by a few points from run to run; the median of three is steady enough. */
const DEFAULT_LIGHTHOUSE_RUNS = 3;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const distArg = args.indexOf('--dist');
const distDir = path.resolve(root, distArg >= 0 ? args[distArg + 1] : 'apps/web/dist');
const asJson = args.includes('--json');
const skipBrowser = args.includes('--skip-browser');
const runsArg = args.indexOf('--runs');
const reportArg = args.indexOf('--report-dir');
const reportDir = reportArg >= 0 ? path.resolve(args[reportArg + 1]) : null;
const cpuArg = args.indexOf('--cpu-slowdown');
const cpuSlowdown = cpuArg >= 0 ? Number(args[cpuArg + 1]) : undefined;
const lighthouseRuns = runsArg >= 0 ? Number(args[runsArg + 1]) : DEFAULT_LIGHTHOUSE_RUNS;

/** Issue 3: the marketplace route's initial JavaScript stays under 170 KB gzipped. */
const MARKETPLACE_INITIAL_JS_BUDGET_KB = 170;
const KB = 1024;

const gzipBytes = async (file) => gzipSync(await readFile(path.join(distDir, file)), { level: 9 }).length;

const readManifest = async () => JSON.parse(await readFile(path.join(distDir, '.vite/manifest.json'), 'utf8'));

/** Script and modulepreload URLs referenced by index.html (what the browser fetches before any route code). */
const htmlScripts = (html) => {
  const urls = new Set();
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)) urls.add(match[1]);
  return [...urls].map((url) => url.replace(/^\//, ''));
};

/** A chunk's static import closure: the files loaded together with it. */
const staticClosure = (manifest, startKeys) => {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of startKeys) visit(key);
  return files;
};

/**
 * The marketplace route's initial JavaScript: the entry's static import graph, everything
 * index.html preloads, and the marketplace screen's own chunk graph when it is lazy-loaded.
 */
const marketplaceInitialJs = async () => {
  const manifest = await readManifest();
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  // The investor app's entry only: the back office is a second page of the build (ADR 0019).
  const entries = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isEntry && key === 'index.html')
    .map(([key]) => key);
  const marketplaceChunks = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && /features\/marketplace\//.test(key))
    .map(([key]) => key);
  const files = staticClosure(manifest, [...entries, ...marketplaceChunks]);
  for (const file of htmlScripts(html)) files.add(file);
  const js = [...files].filter((file) => file.endsWith('.js'));
  const sizes = await Promise.all(js.map(async (file) => [file, await gzipBytes(file)]));
  sizes.sort((a, b) => b[1] - a[1]);
  const totalBytes = sizes.reduce((sum, [, bytes]) => sum + bytes, 0);
  const valueKb = totalBytes / KB;
  return {
    name: 'marketplace initial JS (gzip)',
    value: Number(valueKb.toFixed(1)),
    unit: 'KB',
    budget: MARKETPLACE_INITIAL_JS_BUDGET_KB,
    ok: valueKb <= MARKETPLACE_INITIAL_JS_BUDGET_KB,
    details: sizes.map(([file, bytes]) => `${(bytes / KB).toFixed(1).padStart(7)} KB  ${file}`),
  };
};

const failed = (name, error) => ({
  name,
  value: null,
  unit: '',
  budget: null,
  ok: false,
  details: [String(error?.stack ?? error)],
});

const chromiumPath = () => {
  const candidate = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(candidate)) return candidate;
  throw new Error(`no Chromium at ${candidate}: install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH`);
};

/** Lighthouse and axe: starts the product, drives the browser, stops the product again. */
const browserResults = async () => {
  const { startProductServer } = await import('./lib/product-server.mjs');
  const { browserChecks } = await import('./lib/bench-web-browser.mjs');
  const executablePath = chromiumPath();
  const server = await startProductServer();
  try {
    return await browserChecks({ origin: server.origin, executablePath, lighthouseRuns, reportDir, cpuSlowdown });
  } finally {
    await server.stop();
  }
};

if (distArg < 0) ensureWebBuild();
const results = [];
try {
  results.push(await marketplaceInitialJs());
} catch (error) {
  results.push(failed('marketplace initial JS (gzip)', error));
}
if (!skipBrowser) {
  try {
    results.push(...(await browserResults()));
  } catch (error) {
    results.push(failed('Lighthouse and axe', error));
  }
}

if (asJson) {
  console.log(JSON.stringify(results, null, 2));
} else {
  for (const result of results) {
    const verdict = result.ok ? 'OK  ' : 'OVER';
    const bound = result.atLeast ? '≥' : '≤';
    console.log(
      `${verdict} ${result.name}: ${result.value} ${result.unit} (budget ${bound} ${result.budget} ${result.unit})`,
    );
    for (const line of result.details) console.log(`       ${line}`);
  }
}
process.exitCode = results.every((result) => result.ok) ? 0 : 1;
