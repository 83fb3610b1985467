import { looksEnglish, looksGerman } from '@bw/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser, type LoggedIn } from '../modules/auth/auth.test-support.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Issue 35 / ADR 0042 addendum: the field messages follow the answer's language. Bad inputs of
 * every kind of field message — the German zod messages, a contract rule's own message, zod's
 * locale for a wrong type and the domain's texts at a field — asked in English and in
 * German: the English answer holds no German field text, the German one no English.
 */
let t: TestApp;
let user: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  user = await createLoggedInUser(t.app);
});
afterAll(async () => t.close());

type Case = { label: string; method: 'POST' | 'PUT' | 'PATCH'; url: string; payload: object; session: boolean };
const cases: Case[] = [
  {
    label: 'German zod message (e-mail)',
    method: 'POST',
    url: '/auth/register',
    payload: { email: 'kein-at' },
    session: false,
  },
  {
    label: "a contract rule's own message (weekday)",
    method: 'POST',
    url: '/api/v1/support/phoneRequest',
    payload: { weekday: 6, timeWindow: '22-24', phone: '+43 664 1234567' },
    session: true,
  },
  {
    label: 'zod locale for a wrong type and a missing field',
    method: 'POST',
    url: '/api/v1/support/phoneRequest',
    payload: { weekday: 'montag', timeWindow: 7 },
    session: true,
  },
  {
    label: 'a domain text at the field (phone)',
    method: 'POST',
    url: '/api/v1/support/phoneRequest',
    payload: { weekday: 2, timeWindow: '10-12', phone: '0664-abc' },
    session: true,
  },
  {
    label: 'a domain text at the field (IBAN)',
    method: 'PUT',
    url: '/api/v2/user/account/iban',
    payload: { iban: 'AT00 1234' },
    session: true,
  },
  {
    label: 'feedback stars and an over-long text',
    method: 'POST',
    url: '/api/v1/feedback',
    payload: { requestId: 'nein', rating: 9, message: 'x'.repeat(2001) },
    session: true,
  },
];

const fieldsOf = async (c: Case, language: string): Promise<Record<string, string>> => {
  const response = await t.app.inject({
    method: c.method,
    url: c.url,
    headers: { ...(c.session ? user.headers : {}), 'accept-language': language },
    payload: c.payload,
  });
  expect(response.statusCode, response.body).toBe(400);
  const fields = (response.json().error.fields ?? {}) as Record<string, string>;
  expect(Object.keys(fields).length, `${c.label}: ${response.body}`).toBeGreaterThan(0);
  return fields;
};

describe('field messages in the caller’s language', () => {
  it.each(cases)('$label: English answers no German, German answers no English', async (c) => {
    const english = await fieldsOf(c, 'en');
    const german = await fieldsOf(c, 'de-AT');
    expect(Object.keys(english).sort()).toEqual(Object.keys(german).sort());
    expect(Object.entries(english).filter(([, text]) => looksGerman(text))).toEqual([]);
    expect(Object.entries(german).filter(([, text]) => looksEnglish(text))).toEqual([]);
    // The texts differ: the English one is not the German one passed through.
    for (const [field, text] of Object.entries(german))
      if (/\p{L}{3}/u.test(text)) expect(english[field]).not.toBe(text);
  });

  it('the German answer keeps the rules’ exact words, the English one the catalogue’s', async () => {
    const [register, phone] = [cases[0] as Case, cases[3] as Case];
    expect((await fieldsOf(register, 'de-AT'))['body.email']).toBe('Die eingegebene E-Mail Adresse ist ungültig.');
    expect((await fieldsOf(register, 'en'))['body.email']).toBe('The e-mail address entered is invalid.');
    expect((await fieldsOf(phone, 'de-AT'))['body.phone']).toBe('Es sind nur Zahlen erlaubt.');
    expect((await fieldsOf(phone, 'en'))['body.phone']).toBe('Only digits are allowed.');
  });
});
