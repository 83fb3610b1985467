import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLoggedInUser } from '../auth/auth.test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };
const errorOf = (res: { json(): unknown }) => (res.json() as ErrorJson).error;

/** A per-run unique Austrian mobile number (the database is shared within a run). */
let phoneCounter = 0;
const uniqueMobile = (): string => {
  phoneCounter += 1;
  return `0664 ${String((process.pid * 100 + phoneCounter) % 10_000_000).padStart(7, '0')}`;
};

describe('PUT /api/v2/user/phone', () => {
  it('stores the number as E.164 on the user and shows it in GET /api/v1/user', async () => {
    const user = await createLoggedInUser(t.app);
    const phone = uniqueMobile();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/user/phone',
      headers: user.headers,
      payload: { phone },
    });
    expect(res.statusCode).toBe(200);
    const e164 = `+43${phone.replace(/\s/g, '').slice(1)}`;
    expect(res.json().data.phone).toBe(e164);
    const me = await t.app.inject({ url: '/api/v1/user', headers: user.headers });
    expect(me.json().data.phone).toBe(e164);

    // Saving the same number again is fine; it is the caller's own.
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/user/phone',
      headers: user.headers,
      payload: { phone: e164 },
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses anything but digits, an implausible number, and a number of another account', async () => {
    const user = await createLoggedInUser(t.app);
    const put = (phone: string) =>
      t.app.inject({ method: 'PUT', url: '/api/v2/user/phone', headers: user.headers, payload: { phone } });

    const letters = await put('0664-123456x');
    expect(letters.statusCode).toBe(400);
    expect(errorOf(letters)).toMatchObject({
      code: 'PHONE_DIGITS_ONLY',
      message: 'Es sind nur Zahlen erlaubt.',
      fields: { 'body.phone': 'Es sind nur Zahlen erlaubt.' },
    });
    expect(errorOf(await put('0664 12')).code).toBe('PHONE_INVALID');

    const other = await createLoggedInUser(t.app);
    const phone = uniqueMobile();
    const first = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/user/phone',
      headers: other.headers,
      payload: { phone },
    });
    expect(first.statusCode).toBe(200);
    // The same number in another notation still belongs to the other account.
    const taken = await put(`+43 ${phone.slice(1)}`);
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).code).toBe('PHONE_TAKEN');
    const me = await t.app.inject({ url: '/api/v1/user', headers: user.headers });
    expect(me.json().data.phone).toBeNull();
  });

  it('gives a number to one account only when two save it at the same moment', async () => {
    const anna = await createLoggedInUser(t.app);
    const ben = await createLoggedInUser(t.app);
    const phone = uniqueMobile();
    const answers = await Promise.all(
      [anna, ben].map((user) =>
        t.app.inject({ method: 'PUT', url: '/api/v2/user/phone', headers: user.headers, payload: { phone } }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
  });

  it('needs a session and the CSRF token, and takes no extra fields', async () => {
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/user/phone',
      payload: { phone: '06641234567' },
    });
    expect(anonymous.statusCode).toBe(401);
    const user = await createLoggedInUser(t.app);
    const noCsrf = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/user/phone',
      headers: { cookie: user.headers.cookie },
      payload: { phone: uniqueMobile() },
    });
    expect(noCsrf.statusCode).toBe(403);
    const extra = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/user/phone',
      headers: user.headers,
      payload: { phone: uniqueMobile(), userId: user.userId },
    });
    expect(errorOf(extra).code).toBe('VALIDATION_FAILED');
  });
});
