import { reconciliationCases } from '@bw/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLoggedInUser } from '../../auth/auth.test-support.js';
import { auditActionsOf, createStaffSession } from '../../backoffice/backoffice.test-support.js';

/** Issue 38: the back office lists the reconciliation's cases and staff mark them resolved (audited). */
let testApp: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
}, 60_000);
afterAll(async () => testApp?.close());

const URL = '/admin/api/v1/provider-reconciliation-cases';

describe('reconciliation cases in the back office', () => {
  it('lists open cases first with the investor, resolves one with a note once, and refuses what is not allowed', async () => {
    const investor = await createLoggedInUser(app);
    const [older, newer, house] = await app.db
      .insert(reconciliationCases)
      .values([
        {
          runDay: '2026-12-01',
          walletRef: 'w-1',
          providerWalletId: 'w-1',
          userId: investor.userId,
          ledgerCents: 1_000n,
          providerCents: 1_100n,
          differenceCents: 100n,
        },
        {
          runDay: '2026-12-02',
          walletRef: 'w-1',
          providerWalletId: 'w-1',
          userId: investor.userId,
          ledgerCents: 1_000n,
          providerCents: 900n,
          differenceCents: -100n,
        },
        {
          runDay: '2026-12-02',
          walletRef: 'house',
          providerWalletId: 'w-house',
          userId: null,
          ledgerCents: 0n,
          providerCents: 5n,
          differenceCents: 5n,
        },
      ])
      .returning();
    const operator = await createStaffSession(app, 'operator');
    const list = await app.inject({ url: URL, headers: operator.headers });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((row: { id: string }) => row.id)).toEqual([older?.id, newer?.id, house?.id]);
    expect(list.json().data[0]).toMatchObject({ email: investor.email, differenceCents: '100', status: 'open' });

    const resolve = (id: string, note: string, headers = operator.headers) =>
      app.inject({ method: 'POST', url: `${URL}/${id}/resolve`, headers, payload: { note } });
    const tooShort = await resolve(older?.id ?? '', ' ');
    expect(tooShort.statusCode).toBe(400);
    const done = await resolve(older?.id ?? '', 'Bankgebühr, mit Mangopay geklärt.');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'resolved', resolvedAt: expect.any(String) });
    expect((await resolve(older?.id ?? '', 'Noch einmal.')).statusCode).toBe(409);
    expect((await resolve('00000000-0000-4000-8000-000000000000', 'Gibt es nicht.')).statusCode).toBe(404);
    expect(await auditActionsOf(app, operator.staffId)).toContain('reconciliation_case.resolve');
    const after = await app.inject({ url: URL, headers: operator.headers });
    expect(after.json().data.map((row: { id: string }) => row.id)).toEqual([newer?.id, house?.id, older?.id]);

    const support = await createStaffSession(app, 'support');
    expect((await resolve(newer?.id ?? '', 'Darf ich nicht.', support.headers)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: `${URL}/${newer?.id}/resolve`, payload: { note: 'x' } })).statusCode,
    ).toBe(401);
  });
});
