// `npm start`. Development (the default): builds the web app when needed, then runs the API from
// its TypeScript sources, which migrates, seeds the demo partner and serves the whole product
// (embedded PGlite in ./data unless DATABASE_URL is set).
// Production (NODE_ENV=production): runs the compiled server of `npm run build` with plain Node —
// no TypeScript tooling, so `npm ci --omit=dev` is enough (ADR 0021, docs/runbooks/deploy.md).
// `npm start -- --worker` (or `npm run start:worker`) starts the worker process instead.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = process.argv.includes('--worker') ? 'worker' : 'main';

let args;
if (process.env.NODE_ENV === 'production') {
  const compiled = path.join(ROOT, `apps/api/dist/${entry}.js`);
  if (!fs.existsSync(compiled)) {
    process.stderr.write(`${compiled} is missing: run npm run build first (docs/runbooks/deploy.md).\n`);
    process.exit(1);
  }
  // `bw-compiled`: the workspace packages resolve to their compiled dist/index.js (package exports).
  args = ['--conditions=bw-compiled', '--enable-source-maps', compiled];
} else {
  const { ensureWebBuild } = await import('./lib/web-build.mjs');
  ensureWebBuild();
  args = ['--import', 'tsx', path.join(ROOT, `apps/api/src/${entry}.ts`)];
}
const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
