import { authTokens } from '@bw/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { cookieHeaderOf, createLoggedInUser, latestEmail, linkToken } from './auth.test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const errorOf = (res: { json(): unknown }) => (res.json() as { error: { code: string; message: string } }).error;
const codeOf = (text: string): string => {
  const match = text.match(/Code: (\d{6})/);
  if (!match?.[1]) throw new Error('no code in the e-mail');
  return match[1];
};
const LOCKED =
  'Aus Sicherheitsgründen haben wir diese Funktion verübergehend gesperrt. Bitte melde dich bei unserem Support.';

describe('password reset: e-mail → 6-digit code → new password', () => {
  it('resets with the code, ends every session, and the code works once', async () => {
    const erika = await createLoggedInUser(t.app);
    const asked = await t.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { email: erika.email } });
    expect(asked.json().data).toEqual({ accepted: true });
    const mail = await latestEmail(t.app, erika.email);
    const code = codeOf(mail.bodyText);
    expect(mail.bodyText).toContain('/password-reset/');
    const [row] = await t.app.db.select().from(authTokens).where(eq(authTokens.purpose, 'password-reset'));
    expect(row?.codeHash).not.toContain(code);

    const checked = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password/check',
      payload: { email: erika.email, token: code },
    });
    expect(checked.json().data).toEqual({ valid: true });
    const weak = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password/finish',
      payload: { email: erika.email, token: code, passwordNew: 'Passwort123!' },
    });
    expect(errorOf(weak).code).toBe('PASSWORD_TOO_COMMON');
    const done = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password/finish',
      payload: { email: erika.email, token: code, passwordNew: 'Frisches-Ziegel-Wort-9' },
    });
    expect(done.json().data).toEqual({ passwordReset: true });
    expect((await t.app.inject({ url: '/auth/checksession', headers: erika.headers })).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password/finish',
      payload: { email: erika.email, token: code, passwordNew: 'Noch-Ein-Ziegel-Wort-9' },
    });
    expect(errorOf(again)).toEqual({ code: 'CODE_WRONG', message: 'Der eingegebene Code ist falsch.' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: erika.email, password: 'Frisches-Ziegel-Wort-9' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('resets with the link token; an expired link is refused', async () => {
    const erika = await createLoggedInUser(t.app);
    await t.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { email: erika.email } });
    const token = linkToken((await latestEmail(t.app, erika.email)).bodyText, 'password-reset');
    const done = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password/finish',
      payload: { token, passwordNew: 'Link-Ziegel-Wort-77' },
    });
    expect(done.statusCode).toBe(200);

    await t.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { email: erika.email } });
    const mail = await latestEmail(t.app, erika.email);
    await t.app.db.update(authTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    const late = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password/finish',
      payload: { email: erika.email, token: codeOf(mail.bodyText), passwordNew: 'Spaet-Ziegel-Wort-77' },
    });
    expect(errorOf(late).code).toBe('CODE_WRONG');
  });

  it('a code dies after five wrong tries', async () => {
    const erika = await createLoggedInUser(t.app);
    await t.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { email: erika.email } });
    const code = codeOf((await latestEmail(t.app, erika.email)).bodyText);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/auth/reset-password/check',
        payload: { email: erika.email, token: wrongCode },
      });
      expect(errorOf(wrong)).toEqual({ code: 'CODE_WRONG', message: 'Der eingegebene Code ist falsch.' });
    }
    const right = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password/check',
      payload: { email: erika.email, token: code },
    });
    expect(errorOf(right).code).toBe('CODE_WRONG');
  });

  it('answers the same for unknown e-mails and locks after too many requests', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      remoteAddress: '10.9.0.1',
      payload: { email: 'gibtsnicht@example.at' },
    });
    expect(unknown.json().data).toEqual({ accepted: true });
    const erika = await createLoggedInUser(t.app);
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/reset-password',
        remoteAddress: '10.9.0.2',
        payload: { email: erika.email },
      });
      answers.push(res.statusCode);
      if (res.statusCode === 429) expect(errorOf(res)).toEqual({ code: 'SECURITY_LOCK', message: LOCKED });
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('brute force (issue 4, must show)', () => {
  it('throttles 50 wrong logins for one account before hashing; the owner still logs in from another address', async () => {
    const owner = await createLoggedInUser(t.app);
    const codes: string[] = [];
    const started = Date.now();
    for (let i = 0; i < 50; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: '203.0.113.66',
        payload: { email: owner.email, password: `Rate-mal-${i}-Passwort` },
      });
      codes.push(errorOf(res).code);
    }
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('LOGIN_MISMATCH'));
    expect(codes.slice(5)).toEqual(Array(45).fill('LOGIN_THROTTLED'));
    // Throttled attempts do no argon2 work, so 45 of them are fast.
    expect(Date.now() - started).toBeLessThan(30_000);
    const rightButThrottled = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: '203.0.113.66',
      payload: { email: owner.email, password: owner.password },
    });
    expect(rightButThrottled.statusCode).toBe(429);

    const fromHome = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: '198.51.100.7',
      payload: { email: owner.email, password: owner.password },
    });
    expect(fromHome.statusCode).toBe(200);
    expect(fromHome.json().data.userId).toBe(owner.userId);
  });
});

describe('one-time login (login link and session switch)', () => {
  it('e-mails a login link answering data.userId, and the same shape for unknown e-mails', async () => {
    const erika = await createLoggedInUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: `/auth/login/otp/${encodeURIComponent(erika.email)}` });
    expect(res.json().data).toEqual({ userId: erika.userId });
    const unknown1 = await t.app.inject({ method: 'POST', url: '/auth/login/otp/niemand@example.at' });
    const unknown2 = await t.app.inject({ method: 'POST', url: '/auth/login/otp/niemand@example.at' });
    expect(unknown1.json().data.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(unknown2.json().data.userId).toBe(unknown1.json().data.userId);
    const mail = await latestEmail(t.app, erika.email);
    const token = mail.bodyText.match(/token=([A-Za-z0-9_-]+)/)?.[1] ?? '';
    const login = await t.app.inject({ method: 'POST', url: '/auth/login/otp', payload: { token } });
    expect(login.json().data.userId).toBe(erika.userId);
    const replay = await t.app.inject({ method: 'POST', url: '/auth/login/otp', payload: { token } });
    expect(errorOf(replay).code).toBe('TOKEN_INVALID');
  });

  it('switches the session to another platform once', async () => {
    const erika = await createLoggedInUser(t.app);
    const switched = await t.app.inject({
      method: 'POST',
      url: '/auth/switchSession',
      headers: erika.headers,
      payload: { destinationPlatform: 'mobileWeb' },
    });
    const { token, url } = switched.json().data;
    expect(url).toContain('/finishExternalAuth?platform=mobileWeb&token=');
    const opened = await t.app.inject({ method: 'POST', url: '/auth/login/otp', payload: { token } });
    const headers = { cookie: cookieHeaderOf(opened), 'x-csrf-token': opened.json().data.csrfToken };
    expect((await t.app.inject({ url: '/api/v1/user', headers })).json().data.email).toBe(erika.email);
    expect((await t.app.inject({ method: 'POST', url: '/auth/login/otp', payload: { token } })).statusCode).toBe(400);
  });
});
