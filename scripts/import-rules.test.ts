import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * Issue 36, "must show": `npm run lint:imports` (dependency-cruiser, part of `npm run check`) fails on
 * a web feature importing another feature, in the investor app and in the back office. Each case
 * writes a temporary file with one such import and runs the same command line on it, with the known
 * violations of before the rule ignored as in `npm run lint:imports`.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const written: string[] = [];
afterEach(() => {
  for (const file of written.splice(0)) fs.rmSync(path.join(ROOT, file), { force: true });
});

const cruise = (file: string, source: string): { status: number; output: string } => {
  fs.writeFileSync(path.join(ROOT, file), source);
  written.push(file);
  try {
    const output = execFileSync(
      'npx',
      ['depcruise', file, '--config', '.dependency-cruiser.cjs', '--ignore-known', '--output-type', 'err'],
      { cwd: ROOT, stdio: 'pipe', encoding: 'utf8' },
    );
    return { status: 0, output };
  } catch (error) {
    const failure = error as { status: number; stdout: string; stderr: string };
    return { status: failure.status, output: `${failure.stdout}${failure.stderr}` };
  }
};

describe('import rules of the web app (issue 36)', () => {
  it('fails on a feature importing another feature', () => {
    const result = cruise(
      'apps/web/src/features/inbox/cross-feature-probe.ts',
      "export { useOffers } from '../bulletin-board/api/get-offers';\n",
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('web-features-import-only-shared-code-and-their-own-folder');
  }, 120_000);

  it('fails on a back-office feature importing another one', () => {
    const result = cruise(
      'apps/web/src/backoffice/features/audit/cross-feature-probe.ts',
      "export { useInvestors } from '../investors/api';\n",
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('back-office-features-import-only-shared-code-and-their-own-folder');
  }, 120_000);

  it('passes a feature importing shared code and its own folder', () => {
    const result = cruise(
      'apps/web/src/features/inbox/own-folder-probe.ts',
      "export { useMoneyFormat } from '../../hooks/use-money-format';\nexport { getNotificationPage } from './api/notifications';\n",
    );
    expect(result).toEqual({ status: 0, output: expect.any(String) });
  }, 120_000);
});
