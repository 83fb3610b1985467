import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLoggedInUser, latestEmail, linkToken } from '../../auth/auth.test-support.js';
import { auditActionsOf, createStaffSession, type StaffLoggedIn } from '../../backoffice/backoffice.test-support.js';
import { identificationClient, identifyWith } from '../../identification/identification.test-support.js';

/**
 * Issue 21: investors and KYC. A flagged identification (sandbox marker PENDING → manualCheck) is
 * approved or declined in the review queue with a reason the investor sees; accounts are locked
 * and unlocked; search by name, e-mail and IBAN.
 */
describe('back office: investors and identification review', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let clara: StaffLoggedIn;
  let support: StaffLoggedIn;
  let auditor: StaffLoggedIn;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        IDV_WEBHOOK_SECRET: 'test-idv-webhook-secret-0123456789',
        IDV_SANDBOX_DELAY_MS: '0',
        DATA_DIR: `/tmp/bw-bo-idv-${process.pid}`,
      },
    });
    app = t.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    clara = await createStaffSession(app, 'compliance');
    support = await createStaffSession(app, 'support');
    auditor = await createStaffSession(app, 'auditor');
  });
  afterAll(async () => t.close());

  const flaggedInvestor = async (documentNumber: string) => {
    const user = await createLoggedInUser(app);
    const idv = identificationClient(app, user);
    const state = await identifyWith(app, idv, documentNumber);
    expect(state).toMatchObject({ verificationStatus: 'manualCheck', userStatus: 'pending' });
    const queue = await app.inject({ url: '/admin/api/v1/identifications/review', headers: clara.headers });
    const item = (queue.json().data as { verificationId: string; email: string; documents: { id: string }[] }[]).find(
      (entry) => entry.email === user.email,
    );
    expect(item?.documents).toHaveLength(2);
    return { user, idv, verificationId: item?.verificationId ?? '' };
  };

  it('approves a flagged identification: the investor is verified and may invest; the file view is audited', async () => {
    const { user, idv, verificationId } = await flaggedInvestor('PENDING41');
    const queue = (await app.inject({ url: '/admin/api/v1/identifications/review', headers: clara.headers })).json()
      .data;
    const docId = queue.find((entry: { verificationId: string }) => entry.verificationId === verificationId)
      .documents[0].id;
    const file = await app.inject({
      url: `/admin/api/v1/identifications/${verificationId}/documents/${docId}`,
      headers: clara.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');

    const bySupport = await app.inject({
      method: 'POST',
      url: `/admin/api/v1/identifications/${verificationId}/decision`,
      headers: support.headers,
      payload: { decision: 'approve', reason: 'Ausweis und Selfie passen zusammen.' },
    });
    expect(bySupport.statusCode).toBe(403);
    const decided = await app.inject({
      method: 'POST',
      url: `/admin/api/v1/identifications/${verificationId}/decision`,
      headers: clara.headers,
      payload: { decision: 'approve', reason: 'Ausweis und Selfie passen zusammen.' },
    });
    expect(decided.json().data.status).toBe('success');
    expect(await idv.state()).toMatchObject({ verificationStatus: 'success', userStatus: 'verified' });
    expect((await latestEmail(app, user.email)).subject).toContain('Deine Identität ist bestätigt');
    const again = await app.inject({
      method: 'POST',
      url: `/admin/api/v1/identifications/${verificationId}/decision`,
      headers: clara.headers,
      payload: { decision: 'decline', reason: 'Zu spät.' },
    });
    expect(again.json().error.code).toBe('IDENTIFICATION_NOT_IN_REVIEW');
    expect(await auditActionsOf(app, clara.staffId)).toEqual(
      expect.arrayContaining(['identification.approve', 'identification.document.view']),
    );
  });

  it('declines with a reason the investor sees on the identification screen and in the e-mail', async () => {
    const { user, idv, verificationId } = await flaggedInvestor('PENDING42');
    await app.inject({
      method: 'POST',
      url: `/admin/api/v1/identifications/${verificationId}/decision`,
      headers: clara.headers,
      payload: { decision: 'decline', reason: 'Das Ausweisfoto ist nicht lesbar.' },
    });
    expect(await idv.state()).toMatchObject({
      verificationStatus: 'rejected',
      userStatus: 'new',
      canRetry: true,
      reviewReason: 'Das Ausweisfoto ist nicht lesbar.',
    });
    const mail = await latestEmail(app, user.email);
    expect(mail.bodyText).toContain('Begründung: Das Ausweisfoto ist nicht lesbar.');
  });

  it('finds investors by e-mail, name and IBAN, and shows everything about one', async () => {
    const user = await createLoggedInUser(app);
    const byEmail = await app.inject({
      url: '/admin/api/v1/investors',
      query: { search: user.email },
      headers: support.headers,
    });
    expect((byEmail.json().data as { id: string }[]).map((row) => row.id)).toEqual([user.userId]);
    const detail = await app.inject({ url: `/admin/api/v1/investors/${user.userId}`, headers: support.headers });
    expect(detail.json().data.profile).toMatchObject({ email: user.email, locked: false });
    expect(detail.json().data.balance).toEqual({ balanceCents: '0', availableCents: '0', heldCents: '0' });
  });

  it('locks an account: sessions end, login is refused; unlocking gives it back', async () => {
    const user = await createLoggedInUser(app);
    const lock = await app.inject({
      method: 'POST',
      url: `/admin/api/v1/investors/${user.userId}/lock`,
      headers: support.headers,
      payload: { reason: 'Verdacht auf Kontoübernahme, Rückruf ausständig.' },
    });
    expect(lock.json().data.profile).toMatchObject({
      locked: true,
      lockReason: 'Verdacht auf Kontoübernahme, Rückruf ausständig.',
    });
    expect((await app.inject({ url: '/api/v1/user', headers: user.headers })).statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(401);
    // Support may lock, not unlock.
    const bySupport = await app.inject({
      method: 'POST',
      url: `/admin/api/v1/investors/${user.userId}/unlock`,
      headers: support.headers,
      payload: { reason: 'Rückruf erfolgt.' },
    });
    expect(bySupport.statusCode).toBe(403);
    await app.inject({
      method: 'POST',
      url: `/admin/api/v1/investors/${user.userId}/unlock`,
      headers: clara.headers,
      payload: { reason: 'Rückruf erfolgt, Identität bestätigt.' },
    });
    const again = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(again.statusCode).toBe(200);
    expect(await auditActionsOf(app, support.staffId)).toContain('investor.lock');
  });
  /** Every e-mail to `to` in the development mailbox, newest first (delivers the outbox first). */
  const mailsTo = async (to: string) => {
    await app.outboxRelay.drain();
    const res = await app.inject({ url: '/api/v1/dev/mailbox', query: { recipient: to, channel: 'email' } });
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: string; subject: string; bodyText: string }[];
  };
  const resend = (who: StaffLoggedIn, userId: string, kind: 'verification' | 'identificationResult') =>
    app.inject({
      method: 'POST',
      url: `/admin/api/v1/investors/${userId}/emails`,
      headers: who.headers,
      payload: { kind },
    });
  const auditOf = async (userId: string) => {
    const res = await app.inject({
      url: '/admin/api/v1/audit',
      query: { targetType: 'investor', targetId: userId },
      headers: clara.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items as { action: string; staffId: string | null; staffRole: string | null }[];
  };

  it('support resends the verification e-mail: a new mail with a fresh link, audited; the auditor gets 403', async () => {
    const email = `unbestaetigt-${process.pid}-${Date.now()}@example.at`;
    const registered = await app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email },
      remoteAddress: '10.88.0.1',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const userId = registered.json().data.userId as string;
    const before = await mailsTo(email);
    expect(before).toHaveLength(1);
    const firstToken = linkToken(before[0]?.bodyText ?? '', 'verify');

    // The read-only auditor may not: nothing is sent, nothing is written.
    const refused = await resend(auditor, userId, 'verification');
    expect(refused.statusCode).toBe(403);
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await auditActionsOf(app, auditor.staffId)).not.toContain('investor.email.verification');

    const sent = await resend(support, userId, 'verification');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual({ sent: true });
    const after = await mailsTo(email);
    expect(after).toHaveLength(2);
    const newest = after.find((mail) => !before.some((old) => old.id === mail.id));
    const freshToken = linkToken(newest?.bodyText ?? '', 'verify');
    expect(freshToken).not.toBe(firstToken);
    expect(await auditActionsOf(app, support.staffId)).toContain('investor.email.verification');
    expect(await auditOf(userId)).toEqual([
      expect.objectContaining({
        action: 'investor.email.verification',
        staffId: support.staffId,
        staffRole: 'support',
      }),
    ]);

    // The new link confirms the address (the older one died with it); then there is nothing to resend.
    const stale = await app.inject({ method: 'POST', url: '/auth/verify-email', payload: { token: firstToken } });
    expect(stale.statusCode).not.toBe(200);
    const verified = await app.inject({ method: 'POST', url: '/auth/verify-email', payload: { token: freshToken } });
    expect(verified.statusCode, verified.body).toBe(200);
    const again = await resend(support, userId, 'verification');
    expect(again.statusCode).toBe(409);
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it('compliance resends the identification result: the investor gets the decision and its reason again', async () => {
    const { user, verificationId } = await flaggedInvestor('PENDING43');
    // Before a decision there is no result to send.
    expect((await resend(clara, user.userId, 'identificationResult')).statusCode).toBe(409);
    await app.inject({
      method: 'POST',
      url: `/admin/api/v1/identifications/${verificationId}/decision`,
      headers: clara.headers,
      payload: { decision: 'decline', reason: 'Die Rückseite des Ausweises fehlt.' },
    });
    const before = await mailsTo(user.email);
    expect((await resend(auditor, user.userId, 'identificationResult')).statusCode).toBe(403);
    const sent = await resend(clara, user.userId, 'identificationResult');
    expect(sent.statusCode, sent.body).toBe(200);
    const after = await mailsTo(user.email);
    expect(after).toHaveLength(before.length + 1);
    const newest = after.find((mail) => !before.some((old) => old.id === mail.id));
    expect(newest?.bodyText).toContain('Begründung: Die Rückseite des Ausweises fehlt.');
    expect(await auditOf(user.userId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'investor.email.identificationResult',
          staffId: clara.staffId,
          staffRole: 'compliance',
        }),
      ]),
    );
  });
});
