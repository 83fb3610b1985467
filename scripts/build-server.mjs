// `npm run build` (server part): the API, the worker and the workspace packages they load, as plain
// JavaScript next to their sources (`<package>/dist`, same folder shape as `src`, so paths built
// from `import.meta.url` — migrations, demo photos, fonts — stay right). Production runs it with
// `node --conditions=bw-compiled`, which makes `@bw/*` resolve to `dist/index.js` instead of the
// TypeScript sources (ADR 0021). No bundling of npm packages: `npm ci --omit=dev` installs them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every workspace the server loads at run time. */
export const SERVER_PACKAGES = [
  'packages/domain',
  'packages/register',
  'packages/contracts',
  'packages/i18n',
  'packages/db',
  'apps/api',
];

const isSource = (file) =>
  file.endsWith('.ts') &&
  !file.endsWith('.d.ts') &&
  !/\.test(-support)?\.ts$/.test(file) &&
  !file.includes(`${path.sep}test${path.sep}`);

const walk = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });

const started = Date.now();
let files = 0;
for (const pkg of SERVER_PACKAGES) {
  const src = path.join(ROOT, pkg, 'src');
  const dist = path.join(ROOT, pkg, 'dist');
  fs.rmSync(dist, { recursive: true, force: true });
  const all = walk(src);
  const entryPoints = all.filter(isSource);
  files += entryPoints.length;
  await build({
    entryPoints,
    outdir: dist,
    outbase: src,
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // Data files read at run time beside the code (the production route table, the seed's content and photos).
  for (const file of all.filter((f) => ['.txt', '.json', '.webp'].some((ext) => f.endsWith(ext)))) {
    const target = path.join(dist, path.relative(src, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file, target);
  }
}
process.stdout.write(`server: ${files} files compiled to JavaScript in ${Date.now() - started} ms\n`);
