import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST_INDEX = path.join(ROOT, 'apps/web/dist/index.html');
const SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/backoffice.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'packages/i18n/src',
  'packages/contracts/src',
  'packages/domain/src',
];

const newestMtime = (target) => {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
};

/** The reference security app (ADR 0007), served under /security-app/. */
const SECURITY_APP_DIST_INDEX = path.join(ROOT, 'apps/security-app/dist/index.html');
const SECURITY_APP_SOURCES = [
  'apps/security-app/src',
  'apps/security-app/index.html',
  'apps/security-app/public',
  'apps/security-app/vite.config.ts',
  'packages/contracts/src',
  'packages/domain/src',
];

const buildIfStale = ({ distIndex, sources, workspace, label, force }) => {
  const built = fs.existsSync(distIndex) ? fs.statSync(distIndex).mtimeMs : 0;
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(ROOT, s))));
  if (!force && built > 0 && built >= newest) return;
  process.stdout.write(`Building the ${label} ...\n`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`The ${label} did not build; see the output above.\n`);
    process.exit(result.status ?? 1);
  }
};

/** Builds the web app and the security app when dist is missing or older than any of its sources. */
export const ensureWebBuild = ({ force = false } = {}) => {
  buildIfStale({ distIndex: DIST_INDEX, sources: SOURCES, workspace: 'apps/web', label: 'web app', force });
  buildIfStale({
    distIndex: SECURITY_APP_DIST_INDEX,
    sources: SECURITY_APP_SOURCES,
    workspace: 'apps/security-app',
    label: 'security app',
    force,
  });
};
