import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword, type PasswordPurpose, passwordProblem } from './passwords.js';

describe('password rules (spec section 5)', () => {
  const cases: [string, PasswordPurpose, ReturnType<typeof passwordProblem>][] = [
    ['Kurz1', 'new', 'too-short'],
    ['Kurz12345', 'new', 'too-short'],
    ['kurz12345', 'registration', 'too-short'],
    ['ohnegrossbuchstaben7', 'new', 'needs-capital'],
    ['ohnegrossbuchstaben7', 'registration', null],
    ['Mit Großbuchstaben 7', 'new', null],
    ['Übermut-Ziegel-42', 'new', null],
    ['ärger-über-öl-9', 'new', 'needs-capital'],
    ['1234567890', 'registration', 'too-common'],
    ['Passwort123!', 'new', 'too-common'],
    ['PASSWORD1234', 'new', 'too-common'],
    ['Qwertyuiop', 'new', 'too-common'],
    ['!!Sonnenschein2024', 'new', 'too-common'],
    ['Aaaaaaaaaaaa', 'new', 'too-common'],
    ['Baustein-Wien-1987', 'new', null],
    [`A${'x'.repeat(200)}`, 'new', 'too-long'],
  ];
  it.each(cases)('%s for %s → %s', (password, purpose, expected) => {
    expect(passwordProblem(password, purpose)).toBe(expected);
  });

  it('ships a list of a few thousand common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThan(3000);
    expect(isCommonPassword('Dragon')).toBe(true);
    expect(isCommonPassword('Ziegelstein-Anteil')).toBe(false);
  });
});
