// The browser tests' production-like server (issue 38): the built web app served by the product
// with NODE_ENV=production and every provider real against the local contract servers
// (apps/api/src/test/production-like-server.ts). A scratch database, dropped at the end.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuild, ROOT } from './lib/web-build.mjs';

ensureWebBuild();
const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(ROOT, 'apps/api/src/test/production-like-server.ts')],
  { cwd: ROOT, stdio: 'inherit', env: process.env },
);
const stop = (signal) => child.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code) => process.exit(code ?? 0));
