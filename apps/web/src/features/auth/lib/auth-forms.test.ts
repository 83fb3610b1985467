import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordForm,
  currentPasswordInput,
  emailInput,
  loginForm,
  namePasswordForm,
  newPasswordInput,
  resetCodeInput,
  resetPasswordForm,
} from './auth-forms';

/** The catalogue key of the first message, or null when the value passes. */
const messageOf = (schema: z.ZodType, value: unknown): string | null =>
  schema.safeParse(value).error?.issues[0]?.message ?? null;

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
    expect(messageOf(emailInput, input)).toBe(expected);
  });

  it('sends the address without the spaces around it', () => {
    expect(emailInput.parse(' anna.berger@example.at ')).toBe('anna.berger@example.at');
  });
});

describe('new passwords (spec section 5, ADR 0003)', () => {
  it.each([
    ['', 'auth.passwordRequired'],
    ['Kurz1234', 'auth.passwordTooShort'],
    ['ohnegrossbuchstaben', 'auth.passwordNeedsCapital'],
    ['Passwort123!', 'auth.passwordTooCommon'],
    ['A'.repeat(129), 'auth.passwordTooLong'],
    ['Sonnenblume-Tisch-42', null],
  ] as const)('%j → %s', (input, expected) => {
    expect(messageOf(newPasswordInput, input)).toBe(expected);
  });

  it('asks the same of the registration password as of a change and a reset (issue 34)', () => {
    const registration = namePasswordForm(true).shape.passwordNew;
    for (const form of [registration, resetPasswordForm.shape.passwordNew, changePasswordForm.shape.passwordNew]) {
      expect(messageOf(form, 'ohnegrossbuchstaben')).toBe('auth.passwordNeedsCapital');
      expect(messageOf(form, 'Sonnenblume-Tisch-42')).toBeNull();
    }
  });

  it('asks only for something at login: old passwords followed older rules', () => {
    expect(messageOf(currentPasswordInput, '')).toBe('auth.passwordRequired');
    expect(messageOf(currentPasswordInput, 'kurz')).toBeNull();
  });
});

describe('names and the reset code', () => {
  it('needs a first and a last name, and a password only when the account has none', () => {
    const issues = (askPassword: boolean, values: object) =>
      namePasswordForm(askPassword)
        .safeParse(values)
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues(true, { firstName: '  ', lastName: '', passwordNew: '' })).toEqual([
      ['firstName', 'auth.firstNameRequired'],
      ['lastName', 'auth.lastNameRequired'],
      ['passwordNew', 'auth.passwordRequired'],
    ]);
    expect(issues(false, { firstName: 'Anna', lastName: 'Berger', passwordNew: '' })).toBeUndefined();
  });

  it.each([
    ['123456', null],
    ['123 456', null],
    ['12345', 'auth.codeInvalid'],
    ['1234567', 'auth.codeInvalid'],
    ['12a456', 'auth.codeInvalid'],
  ])('code %j → %s', (input, expected) => {
    expect(messageOf(resetCodeInput, input)).toBe(expected);
  });

  it('sends the code without the spaces typed between its groups', () => {
    expect(resetCodeInput.parse('123 456')).toBe('123456');
  });
});

describe('the forms are the contracts’ bodies', () => {
  it('parse into exactly what the calls send', () => {
    expect(loginForm.parse({ email: ' anna@example.at', password: 'x' })).toEqual({
      email: 'anna@example.at',
      password: 'x',
    });
    expect(messageOf(loginForm, { email: 'anna@example.at', password: 'x', extra: 1 })).not.toBeNull();
    expect(changePasswordForm.safeParse({ passwordOld: 'alt', passwordNew: 'Sonnenblume-Tisch-42' }).success).toBe(
      true,
    );
  });
});
