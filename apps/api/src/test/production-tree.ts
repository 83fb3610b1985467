import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config.js';

/** The workspaces the compiled server loads (scripts/build-server.mjs builds the same list). */
const SERVER_WORKSPACES = [
  'packages/domain',
  'packages/register',
  'packages/contracts',
  'packages/i18n',
  'packages/db',
  'apps/api',
];

type LockEntry = { dev?: boolean; link?: boolean; optional?: boolean };

/** `npm run build:server`: the compiled JavaScript of the API, the worker and the workspace packages. */
export const buildServer = (): void => {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-server.mjs')], { cwd: REPO_ROOT, stdio: 'pipe' });
};

/**
 * A copy of the deployable product in `dir` with exactly the packages `npm ci --omit=dev` installs
 * (the lock file's entries not marked `dev`), hard-linked from this checkout's node_modules instead
 * of downloaded (a real `npm ci --omit=dev` took 44 s here and needs the registry; ADR 0021). No
 * TypeScript, no tsx, no vitest: the compiled server must start from this alone.
 */
export const makeProductionTree = (dir: string): { packages: number } => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const copy = (relative: string) => {
    const from = path.join(REPO_ROOT, relative);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(dir, relative), { recursive: true });
  };
  // What the Dockerfile copies beside the compiled code: the migrations, the static files and the
  // built share-register verifier page the server serves.
  for (const file of [
    'package.json',
    'scripts/start.mjs',
    'packages/db/migrations',
    'packages/register/verifier',
    'apps/api/static',
  ])
    copy(file);
  for (const workspace of SERVER_WORKSPACES) {
    copy(`${workspace}/package.json`);
    copy(`${workspace}/dist`);
  }

  const lock = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  let packages = 0;
  // The root's node_modules and a server workspace's own (npm puts a version there when the root
  // holds another one, e.g. the API's OpenTelemetry instrumentations).
  const installRoots = ['', ...SERVER_WORKSPACES.map((workspace) => `${workspace}/`)];
  for (const [key, entry] of Object.entries(lock.packages)) {
    const root = installRoots.find((prefix) => key.startsWith(`${prefix}node_modules/`));
    // Top-level folders only: nested node_modules come with their parent's folder.
    if (root === undefined || key.indexOf('/node_modules/', root.length + 1) !== -1) continue;
    if (entry.dev || entry.link) continue;
    const source = path.join(REPO_ROOT, key);
    if (!fs.existsSync(source)) continue; // an optional package for another platform
    const target = path.join(dir, key);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const result = spawnSync('cp', ['-al', source, target]);
    if (result.status !== 0) fs.cpSync(source, target, { recursive: true });
    packages += 1;
  }
  for (const workspace of SERVER_WORKSPACES) {
    const name = JSON.parse(fs.readFileSync(path.join(dir, workspace, 'package.json'), 'utf8')).name as string;
    const link = path.join(dir, 'node_modules', name);
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(path.relative(path.dirname(link), path.join(dir, workspace)), link);
  }
  return { packages };
};
