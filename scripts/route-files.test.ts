import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { oversizedRouteFiles, ROUTE_FILE_LINE_LIMIT, routeFiles } from './lib/route-files.mjs';

const roots: string[] = [];
const tree = (files: Record<string, number>): string => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'route-files-'));
  roots.push(root);
  for (const [file, lines] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), `${Array.from({ length: lines }, (_, i) => `// ${i}`).join('\n')}\n`);
  }
  return root;
};
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('the route-file size check', () => {
  it(`reports a route file of ${ROUTE_FILE_LINE_LIMIT} lines or more, and nothing below`, () => {
    const root = tree({
      'apps/api/src/modules/a/a.routes.ts': ROUTE_FILE_LINE_LIMIT,
      'apps/api/src/modules/b/routes/b.routes.ts': ROUTE_FILE_LINE_LIMIT - 1,
      'apps/api/src/modules/c/c.repo.ts': 500,
      'node_modules/x/x.routes.ts': 900,
    });
    expect(routeFiles(root).sort()).toEqual([
      'apps/api/src/modules/a/a.routes.ts',
      'apps/api/src/modules/b/routes/b.routes.ts',
    ]);
    expect(oversizedRouteFiles(root)).toEqual([
      { file: 'apps/api/src/modules/a/a.routes.ts', lines: ROUTE_FILE_LINE_LIMIT },
    ]);
  });

  it('holds for this repository', () => {
    const repository = path.resolve(import.meta.dirname, '..');
    expect(routeFiles(repository).length).toBeGreaterThan(20);
    expect(oversizedRouteFiles(repository)).toEqual([]);
  });
});
