/**
 * E-mail and SMS leave the platform through these interfaces. The sandbox adapter keeps every
 * message in the development mailbox; a real adapter (SMTP, an SMS gateway) implements the same
 * shape. Every send carries an idempotency key so a redelivery never sends twice.
 */
export type EmailMessage = {
  idempotencyKey: string;
  to: string;
  subject: string;
  text: string;
  /** Every e-mail carries both, German plain text and HTML (`composeEmail`). */
  html: string;
};

export type SmsMessage = {
  idempotencyKey: string;
  to: string;
  text: string;
};

export type SendResult = { messageId: string; duplicate: boolean };

export type EmailProvider = { send(message: EmailMessage): Promise<SendResult> };
export type SmsProvider = { send(message: SmsMessage): Promise<SendResult> };

/** A failure the provider reports; `permanent` ones are not retried. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
