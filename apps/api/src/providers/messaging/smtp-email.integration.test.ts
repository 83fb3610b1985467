import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ProviderError } from './messaging-provider.js';
import { createSmtpEmail } from './smtp-email.js';

/**
 * EMAIL_PROVIDER=smtp against a real SMTP server (smtp-server from npm) in this process: the
 * registration mail arrives with its German text and HTML; refusals map to permanent/temporary.
 */
const received: ParsedMail[] = [];
let smtp: SMTPServer;
let smtpUrl: string;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('abgelehnt'))
        return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      if (address.address.startsWith('spaeter'))
        return callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: { EMAIL_PROVIDER: 'smtp', SMTP_URL: smtpUrl, MAIL_FROM: 'Brickwise <no-reply@brickwise.test>' },
  });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('e-mail over SMTP', () => {
  it('delivers the registration mail in German, plain text and HTML, from the configured sender', async () => {
    const email = 'smtp.neu@example.at';
    const res = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email } });
    expect(res.statusCode).toBe(200);
    await t.app.outboxRelay.drain();

    const mail = received.find((m) => m.to && !Array.isArray(m.to) && m.to.text === email);
    expect(mail).toBeDefined();
    expect(mail?.from?.value).toEqual([{ name: 'Brickwise', address: 'no-reply@brickwise.test' }]);
    expect(mail?.subject).toMatch(/: Bestätige deine E-Mail-Adresse$/);
    expect(mail?.text).toContain('Bitte bestätige deine E-Mail-Adresse');
    expect(mail?.text).toMatch(/\/verify\/[A-Za-z0-9_-]+/);
    expect(mail?.html).toContain('<html lang="de">');
    expect(mail?.html).toContain('E-Mail bestätigen');
    expect(mail?.headers.get('content-language')).toBe('de');
    // Nothing landed in the sandbox mailbox: the SMTP adapter stands in for it.
    expect(await t.app.sandbox.messaging.listMessages({ recipient: email })).toHaveLength(0);
  });

  it('gives the same Message-ID to a redelivery of the same key', async () => {
    const provider = createSmtpEmail({ url: smtpUrl, from: 'a@b.test', messageIdDomain: 'brickwise.test' });
    const message = {
      idempotencyKey: 'job:wiederholt',
      to: 'x@example.at',
      subject: 'Betreff',
      text: 'Grüße',
      html: '<p>Grüße</p>',
    };
    const first = await provider.send(message);
    const second = await provider.send(message);
    expect(second.messageId).toBe(first.messageId);
    expect(received.filter((m) => m.messageId === first.messageId)).toHaveLength(2);
    provider.close();
  });

  it('marks a 5xx refusal permanent and a 4xx one temporary', async () => {
    const provider = createSmtpEmail({ url: smtpUrl, from: 'a@b.test', messageIdDomain: 'brickwise.test' });
    const base = { idempotencyKey: 'k', subject: 'Betreff', text: 'Text', html: '<p>Text</p>' };
    const permanent = await provider.send({ ...base, to: 'abgelehnt@example.at' }).catch((e: unknown) => e);
    expect(permanent).toBeInstanceOf(ProviderError);
    expect((permanent as ProviderError).permanent).toBe(true);
    const temporary = await provider.send({ ...base, to: 'spaeter@example.at' }).catch((e: unknown) => e);
    expect(temporary).toBeInstanceOf(ProviderError);
    expect((temporary as ProviderError).permanent).toBe(false);
    provider.close();
  });
});
