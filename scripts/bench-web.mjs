#!/usr/bin/env node
/**
 * Web performance budgets, measured on the built app (apps/web/dist; run `npm run build` first).
 *
 * Each check is a function `(context) => Promise<Result>` in `checks` below; the script runs them
 * all, prints one line per check and exits non-zero when any is over budget. Lighthouse and axe
 * checks plug in the same way (they would start a server from `context` and return a Result).
 *
 *   Result = { name, value, unit, budget, ok, details: string[] }
 *
 * Usage: node scripts/bench-web.mjs [--json] [--dist apps/web/dist]
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const distArg = args.indexOf('--dist');
const distDir = path.resolve(root, distArg >= 0 ? args[distArg + 1] : 'apps/web/dist');
const asJson = args.includes('--json');

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
  const entries = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
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

/** Add further checks (Lighthouse, axe) here. */
const checks = [marketplaceInitialJs];

const results = [];
for (const check of checks) {
  try {
    results.push(await check({ root, distDir }));
  } catch (error) {
    results.push({ name: check.name, value: null, unit: '', budget: null, ok: false, details: [String(error)] });
  }
}

if (asJson) {
  console.log(JSON.stringify(results, null, 2));
} else {
  for (const result of results) {
    const verdict = result.ok ? 'OK  ' : 'OVER';
    console.log(`${verdict} ${result.name}: ${result.value} ${result.unit} (budget ${result.budget} ${result.unit})`);
    for (const line of result.details) console.log(`       ${line}`);
  }
}
process.exitCode = results.every((result) => result.ok) ? 0 : 1;
