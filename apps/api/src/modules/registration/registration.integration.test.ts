import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLoggedInUser, latestEmail } from '../auth/auth.test-support.js';
import { sendDueReminders } from './registration.js';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(async () => testApp.close());

const company = {
  name: 'Muster Immobilien GmbH',
  email: 'office@muster-immo.at',
  phone: '06641234567',
  street: 'Kärntner Straße 12',
  postcode: '1010',
  city: 'Wien',
  countryCode: 'AT',
  registerNumber: 'FN 123456a',
  taxNumber: 'ATU12345678',
};

describe('company registration', () => {
  it('creates a company, links the user to it and reads it back', async () => {
    const user = await createLoggedInUser(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/company',
      headers: user.headers,
      payload: company,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ street: 'Kärntner Straße', houseNumber: '12', phone: '+436641234567' });
    const linked = await app.inject({
      method: 'PUT',
      url: '/api/v2/user/company',
      headers: user.headers,
      payload: { companyId: created.json().data.id },
    });
    expect(linked.json().data.companyId).toBe(created.json().data.id);
    const read = await app.inject({ url: '/api/v1/company', headers: user.headers });
    expect(read.json().data.name).toBe('Muster Immobilien GmbH');
  });

  it("answers every bad field with its message, 'E-Mail nicht gültig' for the e-mail", async () => {
    const user = await createLoggedInUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/company',
      headers: user.headers,
      payload: { ...company, email: 'office@', taxNumber: 'x', registerNumber: '1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'COMPANY_INVALID',
      fields: { email: 'E-Mail nicht gültig', taxNumber: 'Ungültig' },
    });
    expect(res.json().error.fields.registerNumber).toContain('Firmenbuchnummer');
  });

  it("does not let a user register for another user's company", async () => {
    const owner = await createLoggedInUser(app);
    const other = await createLoggedInUser(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/company',
      headers: owner.headers,
      payload: company,
    });
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v2/user/company',
      headers: other.headers,
      payload: { companyId: created.json().data.id },
    });
    expect(res.statusCode).toBe(404);
    expect((await app.inject({ url: '/api/v1/company' })).statusCode).toBe(401);
  });
});

describe('financial advisor', () => {
  it('stores an advisor, a tipster or none, and needs a name for the first two', async () => {
    const user = await createLoggedInUser(app);
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: '/api/v2/user/marketingData/financialAdvisor', headers: user.headers, payload });
    expect((await put({ kind: 'financialAdvisor', name: '  Mag. Eva  Huber ' })).json().data).toEqual({
      kind: 'financialAdvisor',
      name: 'Mag. Eva Huber',
    });
    expect((await put({ kind: 'tipster' })).json().error.code).toBe('FINANCIAL_ADVISOR_NAME_REQUIRED');
    expect((await put({ kind: 'none', name: 'ignored' })).json().data).toEqual({ kind: 'none', name: null });
  });
});

describe('reminders', () => {
  it('sets, moves and cancels a reminder; a due one is e-mailed once', async () => {
    const user = await createLoggedInUser(app);
    const remind = (date: string | null) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/reminder',
        headers: user.headers,
        payload: { type: 'identification', date },
      });
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    expect((await remind(inAnHour)).json().data).toEqual({ type: 'identification', date: inAnHour });
    expect((await remind(new Date(Date.now() - 1000).toISOString())).json().error.code).toBe('REMINDER_DATE_INVALID');
    expect((await remind(new Date(Date.now() + 40 * 86_400_000).toISOString())).statusCode).toBe(400);

    const sent: string[] = [];
    const send = async (mail: { to: string; subject: string; idempotencyKey: string }) => {
      sent.push(`${mail.to}|${mail.subject}`);
      await app.providers.email.send({ ...mail, text: 'Erinnerung', html: '<p>Erinnerung</p>' });
    };
    expect(await sendDueReminders(app.db, send, new Date())).toBe(0);
    const later = new Date(Date.now() + 2 * 3_600_000);
    expect(await sendDueReminders(app.db, send, later)).toBeGreaterThanOrEqual(1);
    expect(sent).toContain(`${user.email}|Erinnerung: Schließe deine Identifizierung ab`);
    const before = sent.length;
    await sendDueReminders(app.db, send, later);
    expect(sent.length).toBe(before);
    expect((await latestEmail(app, user.email)).subject).toBe('Erinnerung: Schließe deine Identifizierung ab');

    await remind(inAnHour);
    expect((await remind(null)).json().data).toEqual({ type: 'identification', date: null });
    const afterCancel = sent.length;
    await sendDueReminders(app.db, send, later);
    expect(sent.filter((line) => line.startsWith(user.email)).length).toBe(
      sent.slice(0, afterCancel).filter((line) => line.startsWith(user.email)).length,
    );
  });
});
