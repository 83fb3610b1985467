import { describe, expect, it } from 'vitest';
import {
  collectErrors,
  validateCode,
  validateEmail,
  validateLoginPassword,
  validateName,
  validateNewPassword,
} from './validation';

describe('e-mail (spec section 5)', () => {
  it.each([
    ['', 'auth.emailRequired'],
    ['   ', 'auth.emailRequired'],
    ['anna', 'auth.emailInvalid'],
    ['anna@', 'auth.emailInvalid'],
    ['anna@example', 'auth.emailInvalid'],
    ['anna berger@example.at', 'auth.emailInvalid'],
    ['anna@example.a', 'auth.emailInvalid'],
    [`${'a'.repeat(250)}@example.at`, 'auth.emailInvalid'],
    ['anna.berger@example.at', null],
    [' Anna.Berger@Example.AT ', null],
  ])('%j → %s', (input, expected) => {
    expect(validateEmail(input)).toBe(expected);
  });
});

describe('new passwords (spec section 5, ADR 0003)', () => {
  it.each([
    ['', 'new', 'auth.passwordRequired'],
    ['Kurz1234', 'new', 'auth.passwordTooShort'],
    ['ohnegrossbuchstaben', 'new', 'auth.passwordNeedsCapital'],
    ['ohnegrossbuchstaben', 'registration', null],
    ['Kurz1234', 'registration', 'auth.passwordTooShort'],
    ['Passwort123!', 'new', 'auth.passwordTooCommon'],
    ['passwort123', 'registration', 'auth.passwordTooCommon'],
    ['A'.repeat(129), 'new', 'auth.passwordTooLong'],
    ['Sonnenblume-Tisch-42', 'new', null],
  ] as const)('%j for %s → %s', (input, purpose, expected) => {
    expect(validateNewPassword(input, purpose)).toBe(expected);
  });

  it('asks only for something at login: old passwords followed older rules', () => {
    expect(validateLoginPassword('')).toBe('auth.passwordRequired');
    expect(validateLoginPassword('kurz')).toBeNull();
  });
});

describe('names and the reset code', () => {
  it('needs a first and a last name', () => {
    expect(validateName('  ', 'firstName')).toBe('auth.firstNameRequired');
    expect(validateName('', 'lastName')).toBe('auth.lastNameRequired');
    expect(validateName('Anna', 'firstName')).toBeNull();
  });

  it.each([
    ['123456', null],
    ['123 456', null],
    ['12345', 'auth.codeInvalid'],
    ['1234567', 'auth.codeInvalid'],
    ['12a456', 'auth.codeInvalid'],
  ])('code %j → %s', (input, expected) => {
    expect(validateCode(input)).toBe(expected);
  });

  it('collects only the fields with a message', () => {
    expect(collectErrors({ email: 'auth.emailInvalid', password: null })).toEqual({ email: 'auth.emailInvalid' });
  });
});
