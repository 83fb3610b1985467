// `npm test`: static checks, unit + integration tests (vitest; PGlite by default, PostgreSQL when
// DATABASE_URL is set), the seeded OpenAPI fuzz test (`npm run test:fuzz`), with DATABASE_URL the
// short form of `npm run test:faults` (its own private PostgreSQL and Redis), then the browser
// tests in Debian's Chromium for the three route families.
// Ends with one line "Summary: N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureWebBuild, ROOT } from './lib/web-build.mjs';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const run = (cmd, args, options = {}) => spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...options }).status ?? 1;
const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
  } catch {
    return null;
  }
};

/** A free port for the browser tests' server, so a developer's running product does not collide. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const chromiumPath = () => {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(candidate)) return candidate;
  const isRoot = process.getuid?.() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    process.stdout.write("Chromium not found: installing Debian's chromium package ...\n");
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium']);
    if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  process.stderr.write(
    'The browser tests need Chromium. Install it with `sudo apt-get install -y chromium` ' +
      '(or point CHROMIUM_PATH at a Chromium binary) and run `npm test` again.\n',
  );
  process.exit(1);
};

let passed = 0;
let failed = 0;
const steps = [];

if (!only || only === 'check') {
  const status = run('npm', ['run', '--silent', 'check']);
  steps.push(['check (biome, tsc)', status === 0]);
  if (status === 0) passed += 1;
  else failed += 1;
}

if (!only || only === 'unit') {
  fs.rmSync(path.join(ROOT, '.tmp/vitest-results.json'), { force: true });
  const status = run('npx', ['vitest', 'run']);
  const report = readJson('.tmp/vitest-results.json');
  const p = report?.numPassedTests ?? 0;
  const f = (report?.numFailedTests ?? 0) + (status !== 0 && !report?.numFailedTests ? 1 : 0);
  passed += p;
  failed += f;
  steps.push([`vitest: ${p} passed, ${f} failed, ${report?.numPendingTests ?? 0} skipped`, f === 0]);
}

if (!only || only === 'fuzz') {
  // Seeded fuzzing of every OpenAPI operation on a bounded budget (issue 18): no answer >= 500.
  const result = spawnSync('npm', ['run', '--silent', 'test:fuzz'], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  const sent = (result.stdout ?? '').match(/fuzz: (\d+) requests/)?.[1] ?? '?';
  const ok = result.status === 0;
  if (ok) passed += 1;
  else failed += 1;
  steps.push([`fuzz: ${sent} requests, ${ok ? 'no' : 'some'} answers >= 500`, ok]);
}

if ((!only && process.env.DATABASE_URL) || only === 'faults') {
  // The operator's faults in short form (issue 41, ADR 0046): a private PostgreSQL and Redis
  // restarted, stopped and killed under load; 0 differences between acknowledged and stored.
  const result = spawnSync('node', ['scripts/test-faults.mjs', '--short'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: 'pipe',
  });
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  const differences = (result.stdout ?? '').match(/^(\d+) differences$/m)?.[1] ?? '?';
  const ok = result.status === 0;
  if (ok) passed += 1;
  else failed += 1;
  steps.push([`faults (short): ${differences} differences`, ok]);
}

if (!only || only === 'e2e') {
  const executable = chromiumPath();
  ensureWebBuild();
  fs.rmSync(path.join(ROOT, '.tmp/e2e-results.json'), { force: true });
  const status = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    env: {
      ...process.env,
      CHROMIUM_PATH: executable,
      E2E_PORT: process.env.E2E_PORT ?? String(await freePort()),
      E2E_TILE_PORT: process.env.E2E_TILE_PORT ?? String(await freePort()),
    },
  });
  const stats = readJson('.tmp/e2e-results.json')?.stats;
  const p = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  const f = (stats?.unexpected ?? 0) + (status !== 0 && !stats?.unexpected ? 1 : 0);
  passed += p;
  failed += f;
  steps.push([`playwright: ${p} passed, ${f} failed, ${stats?.skipped ?? 0} skipped`, f === 0]);

  // The real providers' screens against the production-like start (issue 38, its own server).
  fs.rmSync(path.join(ROOT, '.tmp/e2e-production-results.json'), { force: true });
  const productionStatus = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.production.config.ts'], {
    env: { ...process.env, CHROMIUM_PATH: executable, E2E_PRODUCTION_PORT: String(await freePort()) },
  });
  const production = readJson('.tmp/e2e-production-results.json')?.stats;
  const pp = (production?.expected ?? 0) + (production?.flaky ?? 0);
  const pf = (production?.unexpected ?? 0) + (productionStatus !== 0 && !production?.unexpected ? 1 : 0);
  passed += pp;
  failed += pf;
  steps.push([`playwright (production-like start): ${pp} passed, ${pf} failed`, pf === 0]);
}

process.stdout.write('\n');
for (const [name, ok] of steps) process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${name}\n`);
process.stdout.write(`Summary: ${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
