import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword, passwordProblem } from './passwords.js';

describe('password rules (spec section 5)', () => {
  const cases: [string, ReturnType<typeof passwordProblem>][] = [
    ['Kurz1', 'too-short'],
    ['Kurz12345', 'too-short'],
    ['kurz12345', 'too-short'],
    // Issue 34: one rule for registration, change and reset, so no password passes one and not another.
    ['ohnegrossbuchstaben7', 'needs-capital'],
    ['Mit Großbuchstaben 7', null],
    ['Übermut-Ziegel-42', null],
    ['ärger-über-öl-9', 'needs-capital'],
    ['1234567890', 'needs-capital'],
    ['Passwort123!', 'too-common'],
    ['PASSWORD1234', 'too-common'],
    ['Qwertyuiop', 'too-common'],
    ['!!Sonnenschein2024', 'too-common'],
    ['Aaaaaaaaaaaa', 'too-common'],
    ['Baustein-Wien-1987', null],
    [`A${'x'.repeat(200)}`, 'too-long'],
  ];
  it.each(cases)('%s → %s', (password, expected) => {
    expect(passwordProblem(password)).toBe(expected);
  });

  it('ships a list of a few thousand common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThan(3000);
    expect(isCommonPassword('Dragon')).toBe(true);
    expect(isCommonPassword('Ziegelstein-Anteil')).toBe(false);
  });
});
