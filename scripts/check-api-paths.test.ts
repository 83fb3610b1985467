import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPathLiterals, findApiPathLiterals } from './check-api-paths.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('no API path literal in the web app (issue 36)', () => {
  it('finds none in apps/web/src', () => {
    expect(findApiPathLiterals()).toEqual([]);
  }, 120_000);

  it('catches string, template and admin literals, and not comments or the generated operations', () => {
    const source = [
      '/** `GET /api/v1/user/documents` in a comment is fine. */',
      "client.get('/api/v1/user/documents', schema);",
      `client.get(\`/api/v2/assets/\${id}\`, schema);`,
      'const P = `/admin/api/v1/investors`;',
      "fetch('/auth/logout');",
      'client.get(ops.getUserDocuments, schema);',
      "const timeout = path.startsWith('/launchpad/') ? 1 : 2;",
    ].join('\n');
    expect(apiPathLiterals('sample.ts', source).map((found) => found.line)).toEqual([2, 3, 4, 5]);
  });

  const temporary = path.join(ROOT, 'apps/web/src/features/inbox/api/path-literal-probe.ts');
  afterEach(() => fs.rmSync(temporary, { force: true }));

  it('makes the check script fail on a literal added to the tree', () => {
    fs.writeFileSync(temporary, "export const probe = '/api/v1/notification';\n");
    let failure: { status?: number; stderr?: Buffer } = {};
    try {
      execFileSync('node', ['scripts/check-api-paths.mjs'], { cwd: ROOT, stdio: 'pipe' });
    } catch (error) {
      failure = error as typeof failure;
    }
    expect(failure.status).toBe(1);
    expect(String(failure.stderr)).toContain('features/inbox/api/path-literal-probe.ts:1 /api/v1/notification');
  }, 120_000);
});
