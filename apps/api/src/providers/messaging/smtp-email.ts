import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import { type EmailProvider, ProviderError } from './messaging-provider.js';

/** SMTP reply codes from 500 on are final (RFC 5321): the job does not retry them. */
const PERMANENT_FROM = 500;
const SEND_TIMEOUT_MS = 30_000;

type SmtpFailure = Error & { responseCode?: number; rejectedErrors?: { responseCode?: number }[] };

/**
 * E-mail over SMTP (nodemailer), EMAIL_PROVIDER=smtp. SMTP has no idempotency key, so the message
 * id is derived from it: a redelivery of the same job carries the same Message-ID, which receiving
 * systems and the operator's logs use to spot the duplicate (ADR 0021).
 */
export const createSmtpEmail = (options: { url: string; from: string; messageIdDomain: string }) => {
  const transport = nodemailer.createTransport(options.url, {
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  const provider: EmailProvider & { close(): void } = {
    send: async (message) => {
      const messageId = `<${createHash('sha256').update(message.idempotencyKey).digest('hex').slice(0, 32)}@${options.messageIdDomain}>`;
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          messageId,
          headers: { 'Content-Language': 'de' },
        });
      } catch (error) {
        const failure = error as SmtpFailure;
        // A refused recipient comes back as an envelope error carrying the server's reply.
        const reply = failure.responseCode ?? failure.rejectedErrors?.[0]?.responseCode ?? 0;
        const permanent = reply >= PERMANENT_FROM;
        throw new ProviderError(`SMTP: ${failure.message}`, permanent);
      }
      return { messageId, duplicate: false };
    },
    close: () => transport.close(),
  };
  return provider;
};
