import { accountDeletions, analyticsEvents, complianceLogs, users } from '@bw/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLoggedInUser, latestEmail } from '../auth/auth.test-support.js';
import { createStaffSession } from '../backoffice/backoffice.test-support.js';
import { createInvestor } from '../primary-market/primary-market.test-support.js';
import { executeDueDeletions } from './operations/deletion.js';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(async () => testApp.close());

const DAY_MS = 86_400_000;

describe('session first', () => {
  it.each([
    ['PUT', '/api/v2/user/analytics'],
    ['GET', '/api/v2/user/settings'],
    ['GET', '/api/v1/user/documents'],
    ['POST', '/api/v2/user/deletion'],
    ['POST', '/api/v2/user/deletion/confirm'],
    ['POST', '/api/v1/user/firebaseId'],
    ['POST', '/api/v1/user/advertisingId'],
    ['POST', '/api/v1/utils/analyticsEvent'],
    ['POST', '/api/v1/utils/complianceLog'],
  ] as const)('%s %s answers 401 without a session, before the body is read', async (method, url) => {
    const res = await app.inject({ method, url, payload: { nonsense: true } });
    expect(res.statusCode).toBe(401);
  });
});

describe('analytics consent and events', () => {
  it('keeps events only with consent, and a no deletes them', async () => {
    const user = await createLoggedInUser(app);
    const event = { name: 'asset_opened', properties: { assetId: 'x' } };
    const before = await app.inject({
      method: 'POST',
      url: '/api/v1/utils/analyticsEvent',
      headers: user.headers,
      payload: event,
    });
    expect(before.json().data).toEqual({ recorded: false });

    const yes = await app.inject({
      method: 'PUT',
      url: '/api/v2/user/analytics',
      headers: user.headers,
      payload: { analytics: true },
    });
    expect(yes.statusCode).toBe(200);
    expect(yes.json().data.analytics).toBe(true);
    const after = await app.inject({
      method: 'POST',
      url: '/api/v1/utils/analyticsEvent',
      headers: user.headers,
      payload: event,
    });
    expect(after.json().data).toEqual({ recorded: true });
    expect(await app.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, user.userId))).toHaveLength(1);

    await app.inject({
      method: 'PUT',
      url: '/api/v2/user/analytics',
      headers: user.headers,
      payload: { analytics: false },
    });
    expect(await app.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, user.userId))).toHaveLength(0);
    const settings = await app.inject({ url: '/api/v2/user/settings', headers: user.headers });
    expect(settings.json().data).toMatchObject({ analytics: false, deletion: null });
  });

  it('refuses bad bodies with 400', async () => {
    const user = await createLoggedInUser(app);
    for (const [url, payload] of [
      ['/api/v1/utils/analyticsEvent', { name: '' }],
      ['/api/v1/utils/complianceLog', { action: 'x', deviceMetaData: {}, timestamp: 'gestern' }],
      ['/api/v1/user/firebaseId', { firebaseId: '' }],
      ['/api/v1/user/advertisingId', { appGoogleClientId: 'g' }],
    ] as const) {
      const res = await app.inject({ method: 'POST', url, headers: user.headers, payload });
      expect(res.statusCode, url).toBe(400);
    }
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/v2/user/analytics',
      headers: user.headers,
      payload: { analytics: 'ja' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('stores compliance logs with the device data, and the device identifiers', async () => {
    const user = await createLoggedInUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/utils/complianceLog',
      headers: user.headers,
      payload: { action: 'riskWarningAccepted', deviceMetaData: { os: 'iOS 18' }, timestamp: '2026-11-26T01:00:00Z' },
    });
    expect(res.json().data).toEqual({ recorded: true });
    const [log] = await app.db.select().from(complianceLogs).where(eq(complianceLogs.userId, user.userId));
    expect(log).toMatchObject({ action: 'riskWarningAccepted', deviceMetaData: { os: 'iOS 18' } });
    // The operator sees it in the back office; an investor's session does not open it.
    const staff = await createStaffSession(app, 'compliance');
    const seen = await app.inject({
      url: `/admin/api/v1/investors/${user.userId}/complianceLogs`,
      headers: staff.headers,
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data[0]).toMatchObject({ action: 'riskWarningAccepted', deviceMetaData: { os: 'iOS 18' } });
    const denied = await app.inject({
      url: `/admin/api/v1/investors/${user.userId}/complianceLogs`,
      headers: user.headers,
    });
    expect(denied.statusCode).toBe(403);
    for (const [url, payload] of [
      ['/api/v1/user/firebaseId', { firebaseId: 'fb-123' }],
      [
        '/api/v1/user/advertisingId',
        { advertisingId: 'ad-1', appGoogleClientId: 'g-1', appFacebookId: null, userAgent: 'UA' },
      ],
    ] as const) {
      const ok = await app.inject({ method: 'POST', url, headers: user.headers, payload });
      expect(ok.statusCode, url).toBe(200);
    }
  });
});

describe('documents', () => {
  it('lists nothing for a new user and needs no body', async () => {
    const user = await createLoggedInUser(app);
    const res = await app.inject({ url: '/api/v1/user/documents', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ documents: [] });
  });
});

describe('imprint', () => {
  it("answers the partner's imprint to guests, and 404 for an unknown partner", async () => {
    const partners = await app.inject({ url: '/api/v1/appConfig/' });
    const partnerId = (partners.json().data as { partnerId: string }[])[0]?.partnerId ?? '';
    const res = await app.inject({ url: `/api/v1/imprint/${partnerId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: expect.any(String), imprint: expect.any(String) });
    const unknown = await app.inject({ url: '/api/v1/imprint/gibt-es-nicht' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('account deletion', () => {
  it('request → e-mail → confirm → the job deletes the account four days later', async () => {
    const user = await createLoggedInUser(app);
    const requested = await app.inject({ method: 'POST', url: '/api/v2/user/deletion', headers: user.headers });
    expect(requested.statusCode).toBe(200);
    expect(requested.json().data).toEqual({ status: 'requested', executeAfter: null });
    const again = await app.inject({ method: 'POST', url: '/api/v2/user/deletion', headers: user.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ACCOUNT_DELETION_PENDING');

    const mail = await latestEmail(app, user.email);
    expect(mail.subject).toContain('Löschung');
    const token = mail.bodyText.match(/token=([A-Za-z0-9_-]+)/)?.[1] ?? '';
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/v2/user/deletion/confirm',
      headers: user.headers,
      payload: { token: 'x'.repeat(40) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('ACCOUNT_DELETION_LINK_INVALID');
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/v2/user/deletion/confirm',
      headers: user.headers,
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    const executeAfter = new Date(confirmed.json().data.executeAfter).getTime();
    expect(executeAfter - Date.now()).toBeGreaterThan(4 * DAY_MS - 60_000);
    expect(executeAfter - Date.now()).toBeLessThan(7 * DAY_MS);

    const sent: string[] = [];
    const send = async (mail: { to: string; subject: string }) => {
      sent.push(`${mail.to}:${mail.subject}`);
    };
    // Not yet: three days later nothing happens.
    await executeDueDeletions(app.db, send, new Date(Date.now() + 3 * DAY_MS));
    const [still] = await app.db.select().from(users).where(eq(users.id, user.userId));
    expect(still?.email).toBe(user.email);
    // Five days later the job deletes it.
    await executeDueDeletions(app.db, send, new Date(Date.now() + 5 * DAY_MS));
    const [gone] = await app.db.select().from(users).where(eq(users.id, user.userId));
    expect(gone).toMatchObject({ firstName: null, passwordHash: null, status: 'deactivated' });
    expect(gone?.email).not.toBe(user.email);
    expect(sent).toContain(`${user.email}:Dein Konto wurde gelöscht`);
    const [row] = await app.db.select().from(accountDeletions).where(eq(accountDeletions.userId, user.userId));
    expect(row?.status).toBe('completed');
    const login = await app.inject({ url: '/api/v1/user', headers: user.headers });
    expect(login.statusCode).toBe(401);
  });

  it('is refused while money remains, with what to do first', async () => {
    const investor = await createInvestor(app, { cashCents: 5_000n });
    const res = await app.inject({ method: 'POST', url: '/api/v2/user/deletion', headers: investor.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'ACCOUNT_DELETION_MONEY' });
    expect(res.json().error.message).toContain('Zahle es zuerst');
  });
});
