import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildRegisterVerifierPage, VERIFIER_PAGE_FILE } from './build-register-verifier.mjs';

describe('the committed browser verifier page', () => {
  it('is what packages/register builds today (run `npm run register:build-page` after a change)', async () => {
    expect(fs.readFileSync(VERIFIER_PAGE_FILE, 'utf8')).toBe(await buildRegisterVerifierPage());
  }, 60_000);

  it('allows no network connection and pins its inline script and style', () => {
    const html = fs.readFileSync(VERIFIER_PAGE_FILE, 'utf8');
    expect(html).toMatch(
      /Content-Security-Policy" content="default-src 'none'; script-src 'sha256-[^']+'; style-src 'sha256-[^']+';[^"]*connect-src 'none'/,
    );
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
  });
});
