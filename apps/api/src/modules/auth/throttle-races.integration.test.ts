import { DEVICE_COOKIE } from '@bw/contracts';
import { authThrottle } from '@bw/db';
import { LOGIN_THROTTLE, PASSWORD_CHANGE_THROTTLE, RESET_CODE_FAILURE_THROTTLE } from '@bw/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { takeThrottleAttempt } from './auth.repo.js';
import { cookieHeaderOf, createLoggedInUser, latestEmail } from './auth.test-support.js';
import { throttleKey } from './throttle.js';

/**
 * Issue 18, defects 2 and 9 (ADR 0020): every attempt counter is one atomic statement, so a burst
 * of N concurrent tries counts N and at most the budget is evaluated; one address's failures do
 * not lock its innocent users out; a window that ends over budget doubles the next one.
 */
const BURST = 30;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DATABASE_POOL_SIZE: '25' } });
});
afterAll(() => t.close());

const countOf = async (key: string): Promise<number | undefined> =>
  (await t.app.db.select().from(authThrottle).where(eq(authThrottle.key, key)))[0]?.count;

const errorCodes = (responses: { statusCode: number; json(): unknown }[]) =>
  responses.map((res) => (res.json() as { error?: { code: string } }).error?.code ?? String(res.statusCode));

describe('attempt counters under a burst of concurrent tries', () => {
  it(`${BURST} concurrent logins on one account: at most 5 evaluated, the right password among the refused, the counter says ${BURST}`, async () => {
    const user = await createLoggedInUser(t.app);
    const ip = '203.0.113.10';
    const tries = Array.from({ length: BURST }, (_, i) => (i === BURST - 1 ? user.password : `Falsch-${i}-Passwort`));
    const answers = await Promise.all(
      tries.map((password) =>
        t.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email: user.email, password },
          remoteAddress: ip,
        }),
      ),
    );
    const codes = errorCodes(answers);
    expect(answers.filter((res) => res.statusCode >= 500)).toEqual([]);
    const evaluated = codes.filter((code) => code !== 'LOGIN_THROTTLED');
    expect(evaluated.length).toBeLessThanOrEqual(LOGIN_THROTTLE.perAccountAndAddress.max);
    expect(codes.filter((code) => code === 'LOGIN_THROTTLED').length).toBeGreaterThanOrEqual(
      BURST - LOGIN_THROTTLE.perAccountAndAddress.max,
    );
    const succeeded = answers.filter((res) => res.statusCode === 200).length;
    // Either the right password was among the first five (and the counter was cleared) or it counted.
    if (succeeded === 0) {
      expect(await countOf(throttleKey('login-account-address', user.email, ip))).toBe(BURST);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: user.email, password: user.password },
        remoteAddress: ip,
      });
      expect(refused.json().error).toEqual({
        code: 'LOGIN_THROTTLED',
        message: 'Zu viele Anmeldeversuche. Bitte warte ein paar Minuten und versuche es dann nochmal.',
      });
    }
  });

  it(`${BURST} concurrent wrong reset codes: at most ${RESET_CODE_FAILURE_THROTTLE.max} checked, then the function is locked and finish fails`, async () => {
    const user = await createLoggedInUser(t.app);
    await t.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { email: user.email } });
    const code = (await latestEmail(t.app, user.email)).bodyText.match(/Code: (\d{6})/)?.[1] ?? '';
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/auth/reset-password/check',
          payload: { email: user.email, token: wrong(i) },
        }),
      ),
    );
    const codes = errorCodes(answers);
    expect(answers.filter((res) => res.statusCode >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 'CODE_WRONG').length).toBeLessThanOrEqual(RESET_CODE_FAILURE_THROTTLE.max);
    expect(codes.filter((c) => c === 'SECURITY_LOCK').length).toBeGreaterThanOrEqual(
      BURST - RESET_CODE_FAILURE_THROTTLE.max,
    );
    expect(await countOf(throttleKey('reset-code-failures', user.email))).toBe(BURST);
    const finish = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password/finish',
      payload: { email: user.email, token: code, passwordNew: 'Frisches-Ziegel-Wort-9' },
    });
    expect(finish.statusCode).toBe(429);
    expect(finish.json().error.code).toBe('SECURITY_LOCK');
  });

  it(`${BURST} concurrent wrong current passwords: at most ${PASSWORD_CHANGE_THROTTLE.max} checked, the counter says ${BURST}`, async () => {
    const user = await createLoggedInUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        t.app.inject({
          method: 'PATCH',
          url: '/api/v1/user/password',
          headers: user.headers,
          payload: { passwordOld: `Falsch-${i}-Passwort`, passwordNew: 'Neues-Ziegel-Wort-2026' },
        }),
      ),
    );
    const codes = errorCodes(answers);
    expect(answers.filter((res) => res.statusCode >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 'PASSWORD_INCORRECT').length).toBeLessThanOrEqual(PASSWORD_CHANGE_THROTTLE.max);
    expect(await countOf(throttleKey('password-change', user.userId))).toBe(BURST);
    const right = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/password',
      headers: user.headers,
      payload: { passwordOld: user.password, passwordNew: 'Neues-Ziegel-Wort-2026' },
    });
    expect(right.json().error.code).toBe('SECURITY_LOCK');
  });
});

describe('limits per account and per address, with back-off (ADR 0020)', () => {
  it("40 failed logins from one address on other accounts do not lock that address's innocent user", async () => {
    const innocent = await createLoggedInUser(t.app);
    const office = '198.51.100.7';
    for (let i = 0; i < 40; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: `stranger-${i}@example.at`, password: 'Falsch-Passwort-1' },
        remoteAddress: office,
      });
      expect(res.statusCode).toBe(401);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: innocent.email, password: innocent.password },
      remoteAddress: office,
    });
    expect(login.statusCode).toBe(200);
  });

  it('a known device is never stopped by the address limit', async () => {
    const owner = await createLoggedInUser(t.app);
    const carrier = '192.0.2.44';
    // The owner logs in once on this browser: it becomes a known device (device cookie).
    const first = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: owner.email, password: owner.password },
      remoteAddress: carrier,
    });
    expect(first.statusCode).toBe(200);
    // Only the device cookie: a fresh browser tab of the owner, without the session.
    const device = cookieHeaderOf(first)
      .split('; ')
      .filter((part) => part.startsWith(`${DEVICE_COOKIE}=`))
      .join('; ');
    expect(device).not.toBe('');
    // The address's budget for unknown devices is used up by others.
    await t.app.db
      .insert(authThrottle)
      .values({ key: throttleKey('login-address', carrier), count: 10_000, windowStartedAt: new Date() })
      .onConflictDoUpdate({ target: authThrottle.key, set: { count: 10_000, windowStartedAt: new Date() } });
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: owner.email, password: owner.password },
      remoteAddress: carrier,
    });
    expect(stranger.json().error.code).toBe('LOGIN_THROTTLED');
    const known = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { cookie: device },
      payload: { email: owner.email, password: owner.password },
      remoteAddress: carrier,
    });
    expect(known.statusCode).toBe(200);
  });

  it('back-off: a window that ended over budget doubles the next one; one within budget resets it', async () => {
    const key = `backoff-test:${Date.now()}`;
    const rule = { key, windowMs: 60_000, maxWindowMs: 24 * 3_600_000, max: 2 };
    const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
    for (let i = 0; i < 3; i += 1) await takeThrottleAttempt(t.app.db, { ...rule, now: at(i) });
    // The first window (1 min) ended with 3 > 2 tries: the next is 2 minutes long.
    const second = await takeThrottleAttempt(t.app.db, { ...rule, now: at(61_000) });
    expect(second).toMatchObject({ count: 1, strikes: 1 });
    expect((await takeThrottleAttempt(t.app.db, { ...rule, now: at(61_000 + 90_000) })).count).toBe(2);
    expect((await takeThrottleAttempt(t.app.db, { ...rule, now: at(61_000 + 100_000) })).count).toBe(3);
    // After the two minutes, again over budget: four minutes.
    const third = await takeThrottleAttempt(t.app.db, { ...rule, now: at(61_000 + 121_000) });
    expect(third).toMatchObject({ count: 1, strikes: 2 });
    expect((await takeThrottleAttempt(t.app.db, { ...rule, now: at(61_000 + 121_000 + 200_000) })).count).toBe(2);
    // That window ends within budget: the strikes are gone.
    const calm = await takeThrottleAttempt(t.app.db, { ...rule, now: at(61_000 + 121_000 + 241_000) });
    expect(calm).toMatchObject({ count: 1, strikes: 0 });
  });
});
