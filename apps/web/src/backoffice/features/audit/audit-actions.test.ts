import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS, auditActionLabel } from './audit-actions';

// The web project runs in jsdom, where import.meta.url is no file URL: the folder comes from dirname.
const apiSources = resolve(import.meta.dirname, '../../../../../api/src');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : files(path);
    return name.endsWith('.ts') && !name.includes('.test.') ? [path] : [];
  });
const written = (pattern: RegExp) =>
  [
    ...new Set(
      files(apiSources).flatMap((path) => [...readFileSync(path, 'utf8').matchAll(pattern)].map((m) => m[1] ?? '')),
    ),
  ].sort();

describe('audit log in German (issue 34)', () => {
  it('names every action the API writes', () => {
    const actions = written(/action: '([a-zA-Z_]+\.[a-zA-Z_.]+)'/g);
    expect(actions.length).toBeGreaterThan(30);
    expect(actions.filter((action) => !(action in AUDIT_ACTION_LABELS))).toEqual([]);
    for (const action of ['asset.publish', 'payout.release', 'purchase.paymentReceived', 'identification.decline'])
      expect(AUDIT_ACTION_LABELS[action]).toBeDefined();
    expect(auditActionLabel('staff.login')).toBe('Anmeldung');
  });

  it('names every kind of target the API writes', () => {
    const targets = written(/targetType: '([a-zA-Z_]+)'/g);
    expect(targets.filter((target) => !(target in AUDIT_TARGET_LABELS))).toEqual([]);
  });
});
