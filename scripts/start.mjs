// `npm start`: builds the web app when needed, then runs the API, which migrates, seeds the demo
// partner and serves the whole product (embedded PGlite in ./data unless DATABASE_URL is set).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuild, ROOT } from './lib/web-build.mjs';

ensureWebBuild();
const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/api/src/main.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
