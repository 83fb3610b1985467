import { STAFF_CSRF_HEADER } from '@bw/contracts';
import { auditLog, staffSessions } from '@bw/db';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { cookieHeaderOf, createLoggedInUser, latestEmail } from '../auth/auth.test-support.js';
import { createStaffSession, STAFF_TEST_PASSWORD, type StaffLoggedIn, totpNow } from './backoffice.test-support.js';

/** Issue 21: staff accounts, the second factor, short sessions and the append-only audit log. */
describe('back office staff', () => {
  let t: TestApp;
  let operator: StaffLoggedIn;

  beforeAll(async () => {
    t = await createTestApp();
    operator = await createStaffSession(t.app, 'operator');
  });
  afterAll(async () => t.close());

  const inject = (options: InjectOptions) => t.app.inject(options);

  it('invites by e-mail; the link shows the TOTP secret; password + first code activate and log in', async () => {
    const email = `neu-${Date.now()}@operator.example`;
    const invited = await inject({
      method: 'POST',
      url: '/admin/api/v1/staff',
      headers: operator.headers,
      payload: { email, displayName: 'Nora Neu', role: 'support' },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json().data.staff.status).toBe('invited');
    const mail = await latestEmail(t.app, email);
    expect(mail.subject).toBe('Brickwise Back Office: deine Einladung');
    const token = mail.bodyText.match(/\/backoffice\/einladung\/([A-Za-z0-9_-]+)/)?.[1] ?? '';
    expect(token).not.toBe('');

    const view = await inject({ url: `/admin/api/v1/invitations/${token}` });
    expect(view.statusCode).toBe(200);
    const { totpSecret, otpauthUri } = view.json().data as { totpSecret: string; otpauthUri: string };
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);

    const weak = await inject({
      method: 'POST',
      url: `/admin/api/v1/invitations/${token}/accept`,
      payload: { password: 'kurz', code: await totpNow(totpSecret) },
    });
    expect(weak.json().error.code).toBe('STAFF_PASSWORD_WEAK');
    const wrongCode = await inject({
      method: 'POST',
      url: `/admin/api/v1/invitations/${token}/accept`,
      payload: { password: STAFF_TEST_PASSWORD, code: '000000' === (await totpNow(totpSecret)) ? '111111' : '000000' },
    });
    expect(wrongCode.json().error.code).toBe('STAFF_TOTP_WRONG');

    const accepted = await inject({
      method: 'POST',
      url: `/admin/api/v1/invitations/${token}/accept`,
      payload: { password: STAFF_TEST_PASSWORD, code: await totpNow(totpSecret) },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.staff).toMatchObject({ email, role: 'support', status: 'active' });
    const session = await inject({ url: '/admin/api/v1/session', headers: { cookie: cookieHeaderOf(accepted) } });
    expect(session.json().data.staff.email).toBe(email);

    // The link is used up.
    expect((await inject({ url: `/admin/api/v1/invitations/${token}` })).json().error.code).toBe(
      'STAFF_INVITATION_INVALID',
    );
  });

  it('refuses a wrong password or code with one message, refuses a replayed code, and throttles', async () => {
    const member = await createStaffSession(t.app, 'compliance');
    const login = (payload: object, address = '10.99.0.1') =>
      inject({ method: 'POST', url: '/admin/api/v1/session', payload, remoteAddress: address });
    const wrongPassword = await login({
      email: member.email,
      password: 'Falsches-Passwort-1',
      code: await totpNow(member.totpSecret),
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().error.message).toBe('E-Mail, Passwort oder Code stimmen nicht.');
    // The code that logged in during set-up is spent: the same time step cannot log in again.
    const replay = await login({
      email: member.email,
      password: STAFF_TEST_PASSWORD,
      code: await totpNow(member.totpSecret),
    });
    expect(replay.json().error.code).toBe('STAFF_LOGIN_FAILED');
    for (let i = 0; i < 3; i += 1)
      await login({ email: member.email, password: 'Falsches-Passwort-1', code: '123456' });
    const throttled = await login({ email: member.email, password: STAFF_TEST_PASSWORD, code: '123456' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error.code).toBe('STAFF_LOGIN_THROTTLED');
  });

  it('ends a session after 15 idle minutes', async () => {
    const member = await createStaffSession(t.app, 'auditor');
    await t.app.db.update(staffSessions).set({ lastSeenAt: sql`now() - interval '16 minutes'` });
    const after = await inject({ url: '/admin/api/v1/session', headers: member.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('STAFF_UNAUTHENTICATED');
    operator = await createStaffSession(t.app, 'operator');
  });

  it('needs the staff CSRF token for changes, and an investor session is no staff session', async () => {
    const withoutToken = await inject({
      method: 'POST',
      url: '/admin/api/v1/staff',
      headers: { cookie: operator.headers.cookie },
      payload: { email: `x-${Date.now()}@operator.example`, displayName: 'Xaver', role: 'support' },
    });
    expect(withoutToken.json().error.code).toBe('CSRF_FAILED');
    const investor = await createLoggedInUser(t.app);
    const asInvestor = await inject({ url: '/admin/api/v1/staff', headers: investor.headers });
    expect(asInvestor.statusCode).toBe(403);
  });

  it('blocks a staff member: their sessions end at once; nobody changes their own role', async () => {
    const member = await createStaffSession(t.app, 'support');
    const self = await inject({
      method: 'PATCH',
      url: `/admin/api/v1/staff/${operator.staffId}`,
      headers: operator.headers,
      payload: { role: 'auditor' },
    });
    expect(self.json().error.code).toBe('STAFF_SELF_CHANGE');
    const blocked = await inject({
      method: 'PATCH',
      url: `/admin/api/v1/staff/${member.staffId}`,
      headers: operator.headers,
      payload: { status: 'disabled' },
    });
    expect(blocked.json().data.status).toBe('disabled');
    expect((await inject({ url: '/admin/api/v1/session', headers: member.headers })).statusCode).toBe(401);
  });

  it('keeps the audit log append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const [row] = await t.app.db.select({ id: auditLog.id }).from(auditLog).limit(1);
    expect(row).toBeDefined();
    // drizzle wraps the database's error; its cause carries the trigger's message.
    const refusal = async (statement: ReturnType<typeof sql>) => {
      try {
        await t.app.db.execute(statement);
        return 'accepted';
      } catch (error) {
        return String((error as { cause?: Error }).cause?.message ?? error);
      }
    };
    expect(await refusal(sql`UPDATE audit_log SET action = 'x' WHERE id = ${row?.id}`)).toMatch(/append-only: UPDATE/);
    expect(await refusal(sql`DELETE FROM audit_log WHERE id = ${row?.id}`)).toMatch(/append-only: DELETE/);
    expect(await refusal(sql`TRUNCATE audit_log`)).toMatch(/append-only: TRUNCATE/);
    const [still] = await t.app.db.select({ action: auditLog.action }).from(auditLog).where(sql`id = ${row?.id}`);
    expect(still?.action).not.toBe('x');
  });

  it('searches the audit log by staff and action, and exports formula-safe CSV', async () => {
    const found = await inject({
      url: '/admin/api/v1/audit',
      query: { staffId: operator.staffId, action: 'staff.', pageSize: '10' },
      headers: operator.headers,
    });
    expect(found.statusCode, found.body).toBe(200);
    const actions = (found.json().data.items as { action: string }[]).map((item) => item.action);
    expect(actions).toContain('staff.login');
    expect(actions).toContain('staff.update');

    // A user agent a spreadsheet would run as a formula is neutralised in the export.
    await inject({
      method: 'POST',
      url: '/admin/api/v1/staff',
      headers: { ...operator.headers, 'user-agent': '=HYPERLINK("http://x","y")' },
      payload: { email: `formel-${Date.now()}@operator.example`, displayName: 'Fritz Formel', role: 'support' },
    });
    const csv = await inject({
      url: '/admin/api/v1/audit/export',
      query: { action: 'staff.invite' },
      headers: operator.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      'id,at,actor_kind,staff_id,staff_email,staff_role,action,target_type,target_id,before,after,ip_address,user_agent,request_id',
    );
    expect(csv.body).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csv.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  it('logs out', async () => {
    const member = await createStaffSession(t.app, 'auditor');
    const out = await inject({ method: 'DELETE', url: '/admin/api/v1/session', headers: member.headers });
    expect(out.statusCode).toBe(200);
    expect((await inject({ url: '/admin/api/v1/session', headers: member.headers })).statusCode).toBe(401);
    expect(member.headers[STAFF_CSRF_HEADER]).toBeTruthy();
  });
});
