import { type Db, devMessages } from '@bw/db';
import { and, desc, eq } from 'drizzle-orm';
import { type EmailProvider, ProviderError, type SendResult, type SmsProvider } from './messaging-provider.js';

/**
 * Failures on demand, by recipient: a local part ending in `+bounce` fails permanently, one
 * ending in `+flaky` fails the first two attempts per key (runbook: docs/runbooks/sandbox-providers.md).
 */
const FLAKY_FAILURES = 2;

type Channel = 'email' | 'sms' | 'push';

const createSandboxChannel = (db: Db, channel: Channel) => {
  const flakyAttempts = new Map<string, number>();
  return async (input: {
    idempotencyKey: string;
    to: string;
    subject?: string;
    text: string;
    html?: string;
  }): Promise<SendResult> => {
    const local = input.to.split('@')[0] ?? '';
    if (local.endsWith('+bounce')) throw new ProviderError(`Sandbox ${channel}: recipient rejected`, true);
    if (local.endsWith('+flaky')) {
      const seen = flakyAttempts.get(input.idempotencyKey) ?? 0;
      if (seen < FLAKY_FAILURES) {
        flakyAttempts.set(input.idempotencyKey, seen + 1);
        throw new ProviderError(`Sandbox ${channel}: temporarily unavailable`, false);
      }
    }
    const inserted = await db
      .insert(devMessages)
      .values({
        channel,
        idempotencyKey: input.idempotencyKey,
        recipient: input.to.toLowerCase(),
        subject: input.subject ?? null,
        bodyText: input.text,
        bodyHtml: input.html ?? null,
      })
      .onConflictDoNothing({ target: devMessages.idempotencyKey })
      .returning({ id: devMessages.id });
    if (inserted[0]) return { messageId: `sandbox-${inserted[0].id}`, duplicate: false };
    const [existing] = await db
      .select({ id: devMessages.id })
      .from(devMessages)
      .where(eq(devMessages.idempotencyKey, input.idempotencyKey));
    return { messageId: `sandbox-${existing?.id ?? 'unknown'}`, duplicate: true };
  };
};

export const createSandboxEmail = (db: Db): EmailProvider => ({ send: createSandboxChannel(db, 'email') });
export const createSandboxSms = (db: Db): SmsProvider => ({ send: createSandboxChannel(db, 'sms') });
/** The sandbox push service's record: each push lands in the development mailbox (channel `push`). */
export const createSandboxPushChannel = (db: Db) => createSandboxChannel(db, 'push');

export const MAILBOX_PAGE_SIZE = 50;

export type DevMessageFilter = { recipient?: string | undefined; channel?: Channel | undefined };

export const listDevMessages = (db: Db, filter: DevMessageFilter) =>
  db
    .select()
    .from(devMessages)
    .where(
      and(
        filter.recipient ? eq(devMessages.recipient, filter.recipient.toLowerCase()) : undefined,
        filter.channel ? eq(devMessages.channel, filter.channel) : undefined,
      ),
    )
    .orderBy(desc(devMessages.id))
    .limit(MAILBOX_PAGE_SIZE);
