import { devMessages, outbox } from '@bw/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createStaffSession } from '../../backoffice/backoffice.test-support.js';
import { notifyUser } from '../../notifications/notify-user.js';
import { createLoggedInUser, latestEmail } from '../auth.test-support.js';

/**
 * Issue 19: every e-mail the product sends is German, as plain text and as HTML. The mails of the
 * flows below (registration, reset, password set, support and call-back confirmations, account
 * deletion requested and done, a staff invitation, a notification's e-mail copy) are checked as
 * they reach the development mailbox, and every queued e-mail must carry both parts.
 */
const ENGLISH = /\b(the|your|please|click|account|dear|password|hello|thanks)\b/i;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('every e-mail the product sends', () => {
  it('is German plain text and German HTML in the partner look', async () => {
    const user = await createLoggedInUser(t.app);
    const ask = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: user.headers, payload });

    expect(
      (await t.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { email: user.email } })).statusCode,
    ).toBe(200);
    expect(
      (
        await ask('POST', '/api/v1/support/request', {
          subject: 'Frage',
          message: 'Wie zahle ich aus?',
          attachments: [],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await ask('POST', '/api/v1/support/phoneRequest', {
          weekday: 2,
          timeWindow: '10-12',
          phone: '0664 1234567',
          message: 'Rückruf bitte',
        })
      ).statusCode,
    ).toBe(200);
    expect((await ask('POST', '/api/v2/user/deletion', {})).statusCode).toBe(200);
    await latestEmail(t.app, user.email);
    const inbox = await t.app.inject({
      url: '/api/v1/dev/mailbox',
      query: { recipient: user.email, channel: 'email' },
    });
    const confirmation = (inbox.json().data as { subject: string; bodyText: string }[]).find((mail) =>
      mail.subject.includes('Löschung'),
    );
    const token = confirmation?.bodyText.match(/token=([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();
    expect((await ask('POST', '/api/v2/user/deletion/confirm', { token: token as string })).statusCode).toBe(200);
    await t.app.db.transaction((tx) =>
      notifyUser(tx, t.app.outbox, {
        userId: user.userId,
        key: `every-email:${user.userId}`,
        type: 'payout',
        event: 'payout.settled',
        title: 'Auszahlung überwiesen',
        body: 'Deine Auszahlung von 100,00 € ist unterwegs.',
      }),
    );
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/users/deletion/executeNow',
      payload: { email: user.email },
    });
    expect(done.json().data.status).toBe('completed');
    await createStaffSession(t.app, 'support');
    await t.app.outboxRelay.drain();

    const queued = await t.app.db.select().from(outbox).where(eq(outbox.topic, 'notifications.send-email'));
    expect(queued.length).toBeGreaterThanOrEqual(6);
    for (const row of queued) {
      const payload = row.payload as { subject: string; text: string; html?: string };
      expect(payload.html, payload.subject).toContain('<html lang="de">');
    }

    const mails = await t.app.db.select().from(devMessages).where(eq(devMessages.channel, 'email'));
    const subjects = mails.map((mail) => mail.subject);
    // One of each kind this test set off.
    for (const subject of [
      /Bestätige deine E-Mail|E-Mail-Adresse/,
      /Dein Code \d+/,
      /Deine Nachricht ist bei uns/,
      /Wir rufen dich zurück/,
      /Löschung/,
      /Dein Konto wurde gelöscht/,
      /Auszahlung überwiesen/,
      /Einladung|Back Office|Backoffice/,
    ])
      expect(
        subjects.some((s) => subject.test(s ?? '')),
        `${subject} among ${subjects.join(' | ')}`,
      ).toBe(true);
    for (const mail of mails) {
      expect(mail.bodyText.length, mail.subject ?? '').toBeGreaterThan(20);
      expect(mail.bodyHtml, mail.subject ?? '').toContain('<html lang="de">');
      const visible = `${mail.subject} ${mail.bodyText} ${(mail.bodyHtml ?? '').replace(/<[^>]+>/g, ' ')}`;
      expect(visible.replace(/https?:\/\/\S+/g, ''), mail.subject ?? '').not.toMatch(ENGLISH);
    }
  });
});
