import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `docs/` stays true (issue 36): the ADR index lists every ADR, every relative link of the
 * documentation leads to a file, every document and ADR the code cites is in the repository, and
 * the map in docs/architecture.md matches the tree (every path it names exists; every app, package,
 * API module and web feature is named).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string): string => fs.readFileSync(path.join(ROOT, file), 'utf8');
const exists = (file: string): boolean => fs.existsSync(path.join(ROOT, file));
const subfolders = (dir: string): string[] =>
  fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .map((entry) => entry.name)
    .sort();
const markdownFiles = (dir: string): string[] =>
  fs
    .readdirSync(path.join(ROOT, dir))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `${dir}/${name}`);

const withoutCodeBlocks = (markdown: string): string => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** The relative link targets of a markdown text (no URLs, no anchors within the page, no code blocks). */
const relativeLinks = (markdown: string): string[] =>
  [...withoutCodeBlocks(markdown).matchAll(/\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(target))
    .map((target) => decodeURI(target.split('#')[0] ?? ''))
    .filter((target) => target !== '');

const brokenLinks = (file: string): string[] =>
  relativeLinks(read(file))
    .filter((target) => !exists(path.join(path.dirname(file), target)))
    .map((target) => `${file} → ${target}`);

/** Where a path the map names may start: the repository, or the source folder it is written relative to. */
const BASES = [
  '',
  'apps/api/src',
  'apps/web/src',
  'packages/db',
  'packages/domain/src',
  'packages/contracts/src',
  'packages/i18n/src',
];

/**
 * The paths a map names in backticks: at least two segments, no placeholder (`<module>`, `{id}`,
 * `*`), not a URL path, not a runtime folder (`./data`). A single `admin/` or `routes/` is a folder of
 * the module just named.
 */
const namedPaths = (markdown: string): string[] =>
  [
    ...new Set(
      [...withoutCodeBlocks(markdown).matchAll(/`([^`\s]+)`/g)]
        .map((match) => match[1] ?? '')
        .filter((token) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9._-]+)+\/?$/.test(token)),
    ),
  ].sort();

const resolves = (token: string, exists: (file: string) => boolean): boolean =>
  BASES.some((base) => exists(path.join(base, token)));

/** The folders of the map's tree (`apps/` with `  api/` under it, `e2e/` on its own). */
const treeFolders = (markdown: string): string[] => {
  const block = /^## Repository\n[\s\S]*?^```\n([\s\S]*?)^```/m.exec(markdown)?.[1] ?? '';
  const folders: string[] = [];
  let top = '';
  for (const line of block.split('\n')) {
    const topLevel = /^([A-Za-z0-9._-]+)\/(\s|$)/.exec(line);
    if (topLevel) {
      top = topLevel[1] ?? '';
      folders.push(top);
      continue;
    }
    const child = /^ {2}([A-Za-z0-9._-]+)\/\s/.exec(line);
    if (child && top) folders.push(`${top}/${child[1]}`);
  }
  return folders;
};

/** Every `ADR NNNN` a text cites. */
const citedAdrs = (text: string): string[] => [...text.matchAll(/\bADR ?(\d{4})\b/g)].map((m) => m[1] ?? '');
/** Every `docs/….md` a text cites. */
const citedDocs = (text: string): string[] =>
  [...text.matchAll(/(?<![\w./-])docs\/[A-Za-z0-9_./-]+\.md\b/g)].map((m) => m[0]);

const SKIPPED = new Set([
  'node_modules',
  'dist',
  'data',
  'android',
  'ios',
  'test-results',
  'playwright-report',
  'photos',
  'migrations',
]);
const SOURCE = /\.(ts|tsx|mts|mjs|cjs|js|md|json|yaml|yml|css|html)$/;
const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) return [];
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
const ROOT_FILES = ['README.md', 'CONTRIBUTING.md', '.dependency-cruiser.cjs', 'vitest.config.ts', 'biome.json'];
const everySource = (): string[] => [
  ...ROOT_FILES.filter(exists),
  ...['apps', 'packages', 'scripts', 'e2e', 'docs', 'deploy'].flatMap(sourceFiles),
];

const ARCHITECTURE = 'docs/architecture.md';
const ADR_DIR = 'docs/adr';

describe('the documentation checks themselves', () => {
  it('find relative links and skip URLs, anchors and code blocks', () => {
    const markdown = [
      '[a](docs/style.md) [b](https://example.com) [c](#top) [d](../x.md#part)',
      '```',
      '[e](not-a-link.md)',
      '```',
    ].join('\n');
    expect(relativeLinks(markdown)).toEqual(['docs/style.md', '../x.md']);
  });

  it('read the paths a map names, and see one that is missing', () => {
    const markdown =
      'See `modules/alerts`, `features/nowhere/x.ts`, `/api/v1/user`, `modules/<m>`, `./data` and `admin/`.';
    expect(namedPaths(markdown)).toEqual(['features/nowhere/x.ts', 'modules/alerts']);
    expect(namedPaths(markdown).filter((token) => !resolves(token, exists))).toEqual(['features/nowhere/x.ts']);
  });

  it("read the map's tree", () => {
    const markdown = '## Repository\n\n```\napps/\n  api/   server\n  web/   client\ne2e/   browser tests\n```\n';
    expect(treeFolders(markdown)).toEqual(['apps', 'apps/api', 'apps/web', 'e2e']);
  });

  it('read cited ADRs and documents', () => {
    expect(citedAdrs('(ADR 0016, ADR0005; not ADR 12345)')).toEqual(['0016', '0005']);
    expect(citedDocs('see docs/style.md and `docs/runbooks/deploy.md`, not my-docs/x.md')).toEqual([
      'docs/style.md',
      'docs/runbooks/deploy.md',
    ]);
  });
});

describe('the documentation (issue 36)', () => {
  it('lists every ADR in docs/adr/README.md', () => {
    const index = new Set(relativeLinks(read(`${ADR_DIR}/README.md`)));
    const adrs = fs.readdirSync(path.join(ROOT, ADR_DIR)).filter((name) => /^\d{4}-.+\.md$/.test(name));
    expect(adrs.length).toBeGreaterThan(40);
    expect(adrs.filter((name) => !index.has(name))).toEqual([]);
  });

  it('has no broken relative link in README, CONTRIBUTING and docs/', () => {
    const files = [
      'README.md',
      'CONTRIBUTING.md',
      ...markdownFiles('docs'),
      ...subfolders('docs').flatMap((dir) => markdownFiles(`docs/${dir}`)),
    ];
    expect(files).toContain('docs/adr/README.md');
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });

  it('cites only documents and ADRs that are in the repository', () => {
    const outside = ['..', 'shared', ''].join('/');
    const problems = everySource().flatMap((file) => {
      const text = read(file);
      return [
        ...citedDocs(text)
          .filter((doc) => !exists(doc))
          .map((doc) => `${file}: ${doc}`),
        ...citedAdrs(text)
          .filter((number) => !fs.readdirSync(path.join(ROOT, ADR_DIR)).some((name) => name.startsWith(`${number}-`)))
          .map((number) => `${file}: ADR ${number}`),
        ...(text.includes(outside) ? [`${file}: a path outside the repository (${outside})`] : []),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('names in docs/architecture.md only paths that exist', () => {
    const markdown = read(ARCHITECTURE);
    const named = namedPaths(markdown);
    expect(named.length).toBeGreaterThan(100);
    expect(named.filter((token) => !resolves(token, exists))).toEqual([]);
    expect(treeFolders(markdown).filter((folder) => !exists(folder))).toEqual([]);
  });

  it('names every app, package, API module and web feature in docs/architecture.md', () => {
    const markdown = read(ARCHITECTURE);
    const tree = new Set(treeFolders(markdown));
    const named = (pattern: string) => new RegExp(`\`${pattern}[\`/]`).test(markdown);
    const missing = [
      ...['apps', 'packages']
        .flatMap((top) => subfolders(top).map((name) => `${top}/${name}`))
        .filter((f) => !tree.has(f)),
      ...subfolders('apps/api/src/modules')
        .filter((name) => !named(`modules/${name}`))
        .map((name) => `apps/api/src/modules/${name}`),
      ...subfolders('apps/web/src/features')
        .filter((name) => !named(`features/${name}`))
        .map((name) => `apps/web/src/features/${name}`),
      ...subfolders('apps/web/src/backoffice/features')
        .filter((name) => !named(`backoffice/features/${name}`))
        .map((name) => `apps/web/src/backoffice/features/${name}`),
    ];
    expect(missing).toEqual([]);
  });
});
