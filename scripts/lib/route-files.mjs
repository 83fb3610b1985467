import fs from 'node:fs';
import path from 'node:path';

/** Route files stay thin (docs/style.md, ADR 0016): one that reaches this many lines is split by use case. */
export const ROUTE_FILE_LINE_LIMIT = 200;
const SKIPPED = new Set(['node_modules', 'dist', '.tmp', 'data']);

/** Every `*.routes.ts` below `dir`, as paths relative to `root`. */
export const routeFiles = (root, dir = root) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(root, full);
    return entry.name.endsWith('.routes.ts') ? [path.relative(root, full)] : [];
  });

const lineCount = (file) => {
  const text = fs.readFileSync(file, 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
};

/** The route files at or over the limit, with their line counts, largest first. */
export const oversizedRouteFiles = (root, limit = ROUTE_FILE_LINE_LIMIT) =>
  routeFiles(root)
    .map((file) => ({ file, lines: lineCount(path.join(root, file)) }))
    .filter(({ lines }) => lines >= limit)
    .sort((a, b) => b.lines - a.lines);
