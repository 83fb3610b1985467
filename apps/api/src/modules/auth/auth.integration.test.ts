import { sessions, users } from '@bw/db';
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

describe('registration (Email → EmailConfirmation → NamePassword)', () => {
  it('creates the account for the partner of the header, e-mails /verify/{token} in its branding, logs in on verification', async () => {
    const email = 'Neu.Registriert@Example.at';
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: { 'x-partner-id': 'alpen' },
      payload: { email, newsletter: true, referralCode: 'FREUND1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe('neu.registriert@example.at');
    const mail = await latestEmail(t.app, 'neu.registriert@example.at');
    expect(mail.subject).toContain('Bestätige deine E-Mail-Adresse');
    const token = linkToken(mail.bodyText, 'verify');

    const available = await t.app.inject({ url: '/auth/email/isAvailable/neu.registriert@example.at' });
    expect(available.json().data.isAvailable).toBe(true);

    const verified = await t.app.inject({ method: 'POST', url: '/auth/verify-email', payload: { token } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({ needsName: true, hasPassword: false });
    const headers = { cookie: cookieHeaderOf(verified), 'x-csrf-token': verified.json().data.csrfToken };

    const again = await t.app.inject({ method: 'POST', url: '/auth/verify-email', payload: { token } });
    expect(errorOf(again).code).toBe('TOKEN_INVALID');

    const named = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/user',
      headers,
      payload: { firstName: 'Neu', lastName: 'Registriert', marketingNewsletter: false, affiliatePartnerId: 'aff-7' },
    });
    expect(named.json().data).toMatchObject({ firstName: 'Neu', lastName: 'Registriert', affiliatePartnerId: 'aff-7' });

    const short = await t.app.inject({
      method: 'PATCH',
      url: '/auth/set-password',
      headers,
      payload: { passwordNew: 'kurz' },
    });
    expect(errorOf(short)).toEqual({
      code: 'PASSWORD_TOO_SHORT',
      message: 'Das Passwort muss mindestens 10 Zeichen lang sein.',
      fields: { 'body.passwordNew': 'Das Passwort muss mindestens 10 Zeichen lang sein.' },
    });
    const common = await t.app.inject({
      method: 'PATCH',
      url: '/auth/set-password',
      headers,
      payload: { passwordNew: 'Passwort123!' },
    });
    expect(errorOf(common).message).toBe(
      'Dieses Passwort ist zu bekannt und leicht zu erraten. Bitte wähle ein anderes.',
    );
    // One rule for every password (spec section 5, issue 34): registration too needs a capital letter.
    const noCapital = await t.app.inject({
      method: 'PATCH',
      url: '/auth/set-password',
      headers,
      payload: { passwordNew: 'ziegel-und-anteil-7' },
    });
    expect(errorOf(noCapital)).toEqual({
      code: 'PASSWORD_NEEDS_CAPITAL',
      message: 'Das Passwort muss mindestens einen Großbuchstaben enthalten.',
      fields: { 'body.passwordNew': 'Das Passwort muss mindestens einen Großbuchstaben enthalten.' },
    });
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/auth/set-password',
      headers,
      payload: { passwordNew: 'Ziegel-und-Anteil-7' },
    });
    expect(set.statusCode).toBe(200);
    const twice = await t.app.inject({
      method: 'PATCH',
      url: '/auth/set-password',
      headers,
      payload: { passwordNew: 'Ziegel-und-Anteil-8' },
    });
    expect(errorOf(twice).code).toBe('PASSWORD_ALREADY_SET');

    const user = await t.app.inject({ url: '/api/v1/user', headers });
    expect(user.json().data).toMatchObject({
      email: 'neu.registriert@example.at',
      emailVerified: true,
      platformProvider: 'alpenanteil',
      marketingNewsletter: false,
      referralCode: 'FREUND1',
      role: 'user',
      hasPassword: true,
    });
    const taken = await t.app.inject({ url: '/auth/email/isAvailable/neu.registriert@example.at' });
    expect(taken.json().data.isAvailable).toBe(false);
    const duplicate = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email } });
    expect(errorOf(duplicate).code).toBe('EMAIL_TAKEN');
  });

  it('resends the verification e-mail; the older link dies', async () => {
    const email = 'resend@example.at';
    const res = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email } });
    const first = linkToken((await latestEmail(t.app, email)).bodyText, 'verify');
    const resent = await t.app.inject({
      method: 'POST',
      url: '/auth/register/resend',
      payload: { resendToken: res.json().data.resendToken },
    });
    expect(resent.statusCode).toBe(200);
    const second = linkToken((await latestEmail(t.app, email)).bodyText, 'verify');
    expect(second).not.toBe(first);
    expect(
      errorOf(await t.app.inject({ method: 'POST', url: '/auth/verify-email', payload: { token: first } })).code,
    ).toBe('TOKEN_INVALID');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/auth/register/resend',
      payload: { resendToken: `${res.json().data.userId}.deadbeef` },
    });
    expect(errorOf(forged).code).toBe('TOKEN_INVALID');
  });

  it('refuses an invalid e-mail with the spec message and unknown fields', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email: 'keine-mail' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.values(errorOf(bad) as unknown as { fields: Record<string, string> }).length).toBeGreaterThan(0);
    expect(JSON.stringify(bad.json())).toContain('Die eingegebene E-Mail Adresse ist ungültig.');
    const param = await t.app.inject({ url: '/auth/email/isAvailable/keine-mail' });
    expect(errorOf(param)).toEqual({ code: 'EMAIL_INVALID', message: 'Die eingegebene E-Mail Adresse ist ungültig.' });
    const extra = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email: 'x@example.at', role: 'admin' },
    });
    expect(extra.statusCode).toBe(400);
  });
});

describe('login, session and logout', () => {
  it('logs in with a new session id, checks the session, and logout ends it in the database', async () => {
    const erika = await createLoggedInUser(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: erika.headers,
      payload: { email: erika.email.toUpperCase(), password: erika.password },
    });
    expect(login.statusCode).toBe(200);
    const sessionCookie = login.cookies.find((c) => c.name === 'bw_session');
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 90 * 24 * 3600 });
    expect(sessionCookie?.secure).toBeFalsy();
    expect(login.cookies.find((c) => c.name === 'bw_csrf')?.httpOnly).toBeFalsy();
    // The old session (from registration) is gone: a new id at login.
    expect((await t.app.inject({ url: '/auth/checksession', headers: erika.headers })).statusCode).toBe(401);

    const headers = {
      cookie: cookieHeaderOf(login, erika.headers.cookie),
      'x-csrf-token': login.json().data.csrfToken,
    };
    const check = await t.app.inject({ url: '/auth/checksession', headers });
    expect(check.json().data).toMatchObject({ userId: erika.userId, role: 'user', needsName: false });

    const logout = await t.app.inject({ method: 'POST', url: '/auth/logout', headers });
    expect(logout.json().data).toEqual({ loggedOut: true });
    // Replaying the old cookie after logout opens nothing.
    const after = await t.app.inject({ url: '/api/v1/user', headers });
    expect(after.statusCode).toBe(401);
    expect(errorOf(after)).toEqual({ code: 'UNAUTHENTICATED', message: 'Bitte melde dich an.' });
  });

  it('answers the mismatch message to strangers, the same for unknown e-mails, and the recurring message on a known device', async () => {
    const erika = await createLoggedInUser(t.app);
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: '10.1.0.1',
      payload: { email: erika.email, password: 'Falsches-Passwort-1' },
    });
    expect(errorOf(stranger)).toEqual({
      code: 'LOGIN_MISMATCH',
      message: 'Passwort und E-Mail-Adresse passen nicht zusammen.',
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: '10.1.0.1',
      payload: { email: 'niemand@example.at', password: 'Falsches-Passwort-1' },
    });
    expect(unknown.statusCode).toBe(stranger.statusCode);
    expect(errorOf(unknown)).toEqual(errorOf(stranger));
    // erika.headers carries the device cookie of her registration browser.
    const recurring = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: erika.headers,
      payload: { email: erika.email, password: 'Falsches-Passwort-1' },
    });
    expect(errorOf(recurring)).toEqual({
      code: 'LOGIN_INCORRECT_PASSWORD',
      message: 'Das eingegebene Passwort ist leider falsch.',
    });
  });

  it('ends idle and absolutely expired sessions', async () => {
    const idle = await createLoggedInUser(t.app);
    await t.app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '15 days'` })
      .where(eq(sessions.userId, idle.userId));
    expect((await t.app.inject({ url: '/auth/checksession', headers: idle.headers })).statusCode).toBe(401);

    const old = await createLoggedInUser(t.app);
    await t.app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, old.userId));
    expect((await t.app.inject({ url: '/api/v1/user', headers: old.headers })).statusCode).toBe(401);
    const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, old.userId));
    expect(rows).toHaveLength(0);
  });

  it('lets only role user pass the session check (spec section 6)', async () => {
    const admin = await createLoggedInUser(t.app);
    await t.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
    expect((await t.app.inject({ url: '/auth/checksession', headers: admin.headers })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: admin.email, password: admin.password },
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('CSRF (ADR 0003)', () => {
  it('refuses a state change on a session without the token, with a wrong token, or from a foreign origin', async () => {
    const erika = await createLoggedInUser(t.app);
    const payload = { firstName: 'Evil', lastName: 'Change' };
    const none = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/user',
      headers: { cookie: erika.headers.cookie },
      payload,
    });
    expect(none.statusCode).toBe(403);
    expect(errorOf(none).code).toBe('CSRF_FAILED');
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/user',
      headers: { cookie: erika.headers.cookie, 'x-csrf-token': 'x'.repeat(43) },
      payload,
    });
    expect(wrong.statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/user',
      headers: { ...erika.headers, origin: 'https://evil.example' },
      payload,
    });
    expect(foreign.statusCode).toBe(403);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: erika.headers.cookie },
    });
    expect(logout.statusCode).toBe(403);
    const profile = await t.app.inject({ url: '/api/v1/user', headers: erika.headers });
    expect(profile.json().data.firstName).toBe('Erika');
    const allowed = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/user',
      headers: { ...erika.headers, origin: 'http://localhost:3000' },
      payload: { firstName: 'Erika', lastName: 'Neu' },
    });
    expect(allowed.statusCode).toBe(200);
  });
});

describe('one user cannot touch another', () => {
  it('every user route acts on the session owner only', async () => {
    const anna = await createLoggedInUser(t.app);
    const ben = await createLoggedInUser(t.app);
    // Anna's cookie with Ben's CSRF token is refused.
    const mixed = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/user',
      headers: { cookie: anna.headers.cookie, 'x-csrf-token': ben.csrfToken },
      payload: { firstName: 'X', lastName: 'Y' },
    });
    expect(mixed.statusCode).toBe(403);
    // Body fields cannot name another account.
    const sneaky = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/user',
      headers: anna.headers,
      payload: { firstName: 'Anna', lastName: 'A', userId: ben.userId },
    });
    expect(sneaky.statusCode).toBe(400);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v2/user',
      headers: anna.headers,
      payload: { firstName: 'Anna', lastName: 'A' },
    });
    expect((await t.app.inject({ url: '/api/v1/user', headers: ben.headers })).json().data).toMatchObject({
      userId: ben.userId,
      firstName: 'Erika',
    });
    expect((await t.app.inject({ url: '/api/v1/user', headers: anna.headers })).json().data.userId).toBe(anna.userId);
    // Ben's password does not change Anna's, and Anna's session cannot change Ben's.
    const withBens = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/password',
      headers: anna.headers,
      payload: { passwordOld: `${ben.password}x`, passwordNew: 'Neues-Ziegel-Passwort-1' },
    });
    expect(errorOf(withBens).code).toBe('PASSWORD_INCORRECT');
    const switched = await t.app.inject({
      method: 'POST',
      url: '/auth/switchSession',
      headers: anna.headers,
      payload: { destinationPlatform: 'app' },
    });
    const opened = await t.app.inject({
      method: 'POST',
      url: '/auth/login/otp',
      payload: { token: switched.json().data.token },
    });
    expect(opened.json().data.userId).toBe(anna.userId);
    const setOnBen = await t.app.inject({
      method: 'PATCH',
      url: '/auth/set-password',
      headers: anna.headers,
      payload: { passwordNew: 'Irgendwas-Neues-12' },
    });
    expect(errorOf(setOnBen).code).toBe('PASSWORD_ALREADY_SET');
    const benLogin = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: ben.email, password: ben.password },
    });
    expect(benLogin.statusCode).toBe(200);
    // Guests reach none of the user routes.
    for (const [method, url] of [
      ['GET', '/api/v1/user'],
      ['PUT', '/api/v2/user'],
      ['PATCH', '/api/v1/user/password'],
      ['PATCH', '/auth/set-password'],
      ['POST', '/auth/switchSession'],
      ['GET', '/auth/checksession'],
    ] as const) {
      expect(
        (await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} })).statusCode,
        url,
      ).toBeOneOf([400, 401]);
    }
  });
});

describe('password change in settings', () => {
  it('answers the spec messages, logs out other sessions and keeps this one', async () => {
    const erika = await createLoggedInUser(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: erika.email, password: erika.password },
    });
    const otherHeaders = { cookie: cookieHeaderOf(other), 'x-csrf-token': other.json().data.csrfToken };

    const wrong = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/password',
      headers: erika.headers,
      payload: { passwordOld: 'Nicht-Mein-Passwort', passwordNew: 'Neues-Ziegel-Passwort-1' },
    });
    expect(errorOf(wrong)).toEqual({ code: 'PASSWORD_INCORRECT', message: 'Passwort ist nicht korrekt' });
    const noCapital = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/password',
      headers: erika.headers,
      payload: { passwordOld: erika.password, passwordNew: 'neues-ziegel-passwort-1' },
    });
    expect(errorOf(noCapital).message).toBe('Das Passwort muss mindestens einen Großbuchstaben enthalten.');
    const same = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/password',
      headers: erika.headers,
      payload: { passwordOld: erika.password, passwordNew: erika.password },
    });
    expect(errorOf(same)).toEqual({ code: 'PASSWORD_CHANGE_FAILED', message: 'Fehler beim Ändern des Passworts.' });

    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/password',
      headers: erika.headers,
      payload: { passwordOld: erika.password, passwordNew: 'Neues-Ziegel-Passwort-1' },
    });
    expect(changed.statusCode).toBe(200);
    const renewed = {
      cookie: cookieHeaderOf(changed, erika.headers.cookie),
      'x-csrf-token': changed.json().data.csrfToken,
    };
    expect((await t.app.inject({ url: '/auth/checksession', headers: renewed })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/auth/checksession', headers: otherHeaders })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/auth/checksession', headers: erika.headers })).statusCode).toBe(401);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: erika.email, password: erika.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: erika.email, password: 'Neues-Ziegel-Passwort-1' },
    });
    expect(newLogin.statusCode).toBe(200);
    expect((await latestEmail(t.app, erika.email)).subject).toContain('Passwort wurde geändert');
  });
});
