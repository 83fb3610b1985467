import { CSRF_HEADER, copyMeConsentText } from '@bw/contracts';
import { accountCopies, partners } from '@bw/db';
import { withholdingTaxes } from '@bw/domain';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { cookieHeaderOf, createLoggedInUser, type LoggedIn } from '../auth/auth.test-support.js';
import { balances, fundCash, fundShares, SECONDARY_ASSET } from '../bulletin-board/bulletin-board.test-support.js';
import { investorTaxFacts } from '../distributions/distributions.repo.js';
import {
  completeOnboarding,
  identificationClient,
  identifyWith,
} from '../identification/identification.test-support.js';

/** Issue 20, switch account (ADR 0035): copy-me with consent, and switching without a password. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      IDV_WEBHOOK_SECRET: 'test-idv-webhook-secret-0123456789',
      IDV_SANDBOX_DELAY_MS: '0',
      DATA_DIR: `/tmp/bw-switch-test-${process.pid}`,
    },
  });
  // The sandbox identity provider posts its verdict over real HTTP to this server.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

const NO_FACTS = { hasChurchTax: null, churchTaxState: null } as const;
const HOME = 'brickwise';
const OTHER = 'alpenanteil';
const OTHER_NAME = 'Alpenanteil';

const call = (user: { headers: Record<string, string> }, url: string, payload?: object, method = 'POST') =>
  t.app.inject({ method: method as 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });
const errorCode = (res: LightMyRequestResponse) => (res.json() as { error: { code: string } }).error.code;

/** A verified investor of the home partner: onboarding data, tax ids, church tax with state, identified. */
const verifiedInvestor = async (): Promise<LoggedIn> => {
  const user = await createLoggedInUser(t.app, { partnerId: 'demo' });
  await completeOnboarding(t.app, user);
  for (const [url, payload] of [
    ['/api/v2/user/account/taxId', { country: 'DE', taxId: '86095742719' }],
    ['/api/v2/user/account/churchTax', { hasChurchTax: true, churchTaxState: 'DE-BY' }],
    ['/api/v2/user/personalInformation/socialSecurityNumber', { socialSecurityNumber: '1237010180' }],
  ] as const) {
    const res = await call(user, url, payload, 'PUT');
    expect(res.statusCode, res.body).toBe(200);
  }
  const skipped = await call(user, '/api/v1/user/noKnowledgeAndExperience', { confirmNoAppropriatenessCheck: true });
  expect(skipped.statusCode, skipped.body).toBe(200);
  const state = await identifyWith(t.app, identificationClient(t.app, user), 'P1234567');
  expect(state.userStatus).toBe('verified');
  return user;
};

const me = async (headers: Record<string, string>) =>
  (await t.app.inject({ url: '/api/v1/user', headers })).json().data;

describe('copy-me and switch account', () => {
  it('refuses every call without a session with 401, before the body is read', async () => {
    for (const [method, url] of [
      ['POST', '/api/v2/user/copy-me'],
      ['POST', '/api/v2/user/copy-me/allowed'],
      ['GET', '/api/v2/user/linked-accounts'],
      ['POST', '/auth/switchSession'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? { nonsense: 1 } : undefined });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('copies the verified profile after consent, once, and switches without a password; money stays', async () => {
    const user = await verifiedInvestor();
    await fundCash(t.app.db, user.userId, 12_345n);
    await fundShares(t.app.db, user.userId, SECONDARY_ASSET, 7);
    const before = await balances(t.app, user.userId);

    const allowed = await call(user, '/api/v2/user/copy-me/allowed', { destinationPlatformProvider: OTHER });
    expect(allowed.json().data).toEqual({ destinationPlatformProvider: OTHER, allowed: true, reason: null });
    const listed = await call(user, '/api/v2/user/linked-accounts', undefined, 'GET');
    expect(listed.json().data.destinations).toEqual([{ platformProvider: OTHER, partnerName: OTHER_NAME }]);

    const noConsent = await call(user, '/api/v2/user/copy-me', { destinationPlatformProvider: OTHER, consent: false });
    expect(noConsent.statusCode).toBe(400);
    expect(errorCode(noConsent)).toBe('COPY_ME_CONSENT_REQUIRED');

    const [first, second] = await Promise.all([
      call(user, '/api/v2/user/copy-me', { destinationPlatformProvider: OTHER, consent: true }),
      call(user, '/api/v2/user/copy-me', { destinationPlatformProvider: OTHER, consent: true }),
    ]);
    const statuses = [first?.statusCode, second?.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const copied = [first, second].find((res) => res?.statusCode === 200)?.json().data;
    expect(copied).toMatchObject({ platformProvider: OTHER, status: 'verified' });
    const again = await call(user, '/api/v2/user/copy-me', { destinationPlatformProvider: OTHER, consent: true });
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('COPY_ME_ALREADY_EXISTS');

    const [consent] = await t.app.db.select().from(accountCopies).where(eq(accountCopies.copyUserId, copied.userId));
    expect(consent?.consentText).toBe(copyMeConsentText(OTHER_NAME));
    expect(consent?.originUserId).toBe(user.userId);

    // Switch without a password: a new session id and CSRF token, the old session ends.
    const switched = await call(user, '/auth/switchSession', { destinationPlatform: OTHER });
    expect(switched.statusCode, switched.body).toBe(200);
    const session = switched.json().data;
    expect(session).toMatchObject({ userId: copied.userId, platformProvider: OTHER, email: user.email });
    expect(session.csrfToken).not.toBe(user.csrfToken);
    const oldSession = await t.app.inject({ url: '/auth/checksession', headers: user.headers });
    expect(oldSession.statusCode).toBe(401);
    const copyHeaders = { cookie: cookieHeaderOf(switched, user.headers.cookie), [CSRF_HEADER]: session.csrfToken };

    const copy = await me(copyHeaders);
    const source = await me((await loginAt(user, HOME)).headers);
    expect(copy).toMatchObject({ userId: copied.userId, platformProvider: OTHER, status: 'verified' });
    expect(copy.firstName).toBe(source.firstName);
    expect(copy.phone).toBe(source.phone);
    expect(copy.personalInformation).toEqual(source.personalInformation);
    expect(copy.account.taxIds).toEqual([{ country: 'DE', taxId: '86095742719' }]);
    expect(copy.account).toMatchObject({ hasChurchTax: true, churchTaxState: 'DE-BY', IBAN: null });
    expect(copy.complianceInformation.knowledgeAndExperienceStatus).toBe(
      source.complianceInformation.knowledgeAndExperienceStatus,
    );
    // Agreements are accepted again for the new partner; the security app is linked again.
    expect(Object.values(copy.termsAcceptance).every((value) => value === null)).toBe(true);
    expect(copy.registrationProcessStatus).toMatchObject({ kycDocuments: true, securityApp: false });

    // No money and no shares moved.
    expect(await balances(t.app, user.userId)).toEqual(before);
    expect(await balances(t.app, copied.userId)).toEqual({ cash: 0n, cashHeld: 0n, shares: 0n, sharesHeld: 0n });

    // Back to the home account, again without a password; both accounts are listed.
    const back = await call({ headers: copyHeaders }, '/auth/switchSession', { destinationPlatform: HOME });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ userId: user.userId, platformProvider: HOME });
    const backHeaders = { cookie: cookieHeaderOf(back, copyHeaders.cookie), [CSRF_HEADER]: back.json().data.csrfToken };
    const accounts = (await call({ headers: backHeaders }, '/api/v2/user/linked-accounts', undefined, 'GET')).json()
      .data;
    expect(
      accounts.accounts.map((a: { platformProvider: string; current: boolean }) => [a.platformProvider, a.current]),
    ).toEqual([
      [HOME, true],
      [OTHER, false],
    ]);
    expect(accounts.destinations).toEqual([]);

    // Logging in with the password at a partner opens that partner's account.
    expect((await loginAt(user, OTHER)).userId).toBe(copied.userId);
    expect((await loginAt(user, HOME)).userId).toBe(user.userId);
  });

  it('answers the spec error for a partner that does not take part, for the same partner and for unknown ones', async () => {
    const user = await verifiedInvestor();
    await setCopyMe(OTHER, false);
    try {
      const allowed = await call(user, '/api/v2/user/copy-me/allowed', { destinationPlatformProvider: OTHER });
      expect(allowed.json().data).toEqual({ destinationPlatformProvider: OTHER, allowed: false, reason: 'notEnabled' });
      const refused = await call(user, '/api/v2/user/copy-me', { destinationPlatformProvider: OTHER, consent: true });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'COPY_ME_NOT_ALLOWED',
        message: 'Zu diesem Partner kannst du dein Profil nicht übertragen.',
      });
    } finally {
      await setCopyMe(OTHER, true);
    }
    const same = await call(user, '/api/v2/user/copy-me', { destinationPlatformProvider: HOME, consent: true });
    expect(errorCode(same)).toBe('COPY_ME_NOT_ALLOWED');
    const unknown = await call(user, '/api/v2/user/copy-me/allowed', { destinationPlatformProvider: 'ghost' });
    expect(unknown.statusCode).toBe(404);
    const malformed = await call(user, '/api/v2/user/copy-me', { destinationPlatformProvider: 'Not A Partner!' });
    expect(malformed.statusCode).toBe(400);
  });

  it('copies only a verified profile and switches only to own accounts', async () => {
    const fresh = await createLoggedInUser(t.app);
    const allowed = await call(fresh, '/api/v2/user/copy-me/allowed', { destinationPlatformProvider: OTHER });
    expect(allowed.json().data.reason).toBe('notVerified');
    const refused = await call(fresh, '/api/v2/user/copy-me', { destinationPlatformProvider: OTHER, consent: true });
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('COPY_ME_NOT_VERIFIED');
    const notLinked = await call(fresh, '/auth/switchSession', { destinationPlatform: OTHER });
    expect(notLinked.statusCode).toBe(404);
    expect(errorCode(notLinked)).toBe('SWITCH_ACCOUNT_NOT_LINKED');
    // The route-family hand-off of ADR 0003 still answers a one-time token.
    const handoff = await call(fresh, '/auth/switchSession', { destinationPlatform: 'mobileWeb' });
    expect(handoff.json().data).toMatchObject({ url: expect.stringContaining('platform=mobileWeb') });
  });
});

describe('church tax state (ADR 0030)', () => {
  it('needs the federal state for a member and keeps it for the 8 % / 9 % rate', async () => {
    const user = await createLoggedInUser(t.app);
    const missing = await call(user, '/api/v2/user/account/churchTax', { hasChurchTax: true }, 'PUT');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Bitte wähle das Bundesland, in dem du kirchensteuerpflichtig bist.');
    const wrong = await call(
      user,
      '/api/v2/user/account/churchTax',
      { hasChurchTax: true, churchTaxState: 'AT-9' },
      'PUT',
    );
    expect(wrong.statusCode).toBe(400);
    const saved = await call(
      user,
      '/api/v2/user/account/churchTax',
      { hasChurchTax: true, churchTaxState: 'DE-BW' },
      'PUT',
    );
    expect(saved.json().data.account).toMatchObject({ hasChurchTax: true, churchTaxState: 'DE-BW' });
    // What the distribution engine reads for this investor: 8 % in Baden-Württemberg, 9 % in Berlin.
    const churchTaxCents = async () => {
      const facts = (await investorTaxFacts(t.app.db, [user.userId])).get(user.userId) ?? NO_FACTS;
      const lines = withholdingTaxes({
        grossCents: 10_000n,
        regime: 'DE',
        legalForm: 'participationRight',
        investor: facts,
      });
      return lines.find((line) => line.taxType === 'Kirchensteuer')?.amountCents;
    };
    // KapESt = 10,000 · 100 / (400 + k) cents, rounded down; KiSt = k % of it, rounded down.
    expect(await churchTaxCents()).toBe((((10_000n * 100n) / 408n) * 8n) / 100n);
    await call(user, '/api/v2/user/account/churchTax', { hasChurchTax: true, churchTaxState: 'DE-BE' }, 'PUT');
    expect(await churchTaxCents()).toBe((((10_000n * 100n) / 409n) * 9n) / 100n);
    await call(user, '/api/v2/user/account/churchTax', { hasChurchTax: true, churchTaxState: 'DE-BW' }, 'PUT');
    // The spec's body alone keeps the stored state.
    const again = await call(user, '/api/v2/user/account/churchTax', { hasChurchTax: true }, 'PUT');
    expect(again.json().data.account.churchTaxState).toBe('DE-BW');
    const no = await call(user, '/api/v2/user/account/churchTax', { hasChurchTax: false }, 'PUT');
    expect(no.json().data.account.hasChurchTax).toBe(false);
  });
});

const setCopyMe = async (partnerId: string, on: boolean) => {
  await t.app.db
    .update(partners)
    .set({ featureFlags: sql`${partners.featureFlags} || ${JSON.stringify({ copyMe: on })}::jsonb` })
    .where(eq(partners.partnerId, partnerId));
};

const loginAt = async (user: LoggedIn, partnerId: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { 'x-partner-id': partnerId },
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  return { userId: data.userId as string, headers: { cookie: cookieHeaderOf(res), [CSRF_HEADER]: data.csrfToken } };
};
