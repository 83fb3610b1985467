import { type Db, providerNotifications } from '@bw/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Outbox } from '../../../jobs/outbox.js';
import type { ProviderWallets } from '../../../providers/payments/payment-provider.js';
import { applyPspEvent } from '../operations/apply-psp-event.js';

export const HANDLE_PSP_NOTIFICATION_TOPIC = 'payments.handle-provider-notification';

/**
 * Records a provider's hook (unsigned, so nothing in it is trusted) once per (event, resource);
 * the answer goes back at once and the job `HANDLE_PSP_NOTIFICATION_TOPIC` does the rest.
 * Answers the row's id, or null when the same hook came before.
 */
export const recordNotification = async (
  db: Db,
  input: { provider: string; eventType: string; resourceId: string },
): Promise<bigint | null> => {
  const [row] = await db
    .insert(providerNotifications)
    .values(input)
    .onConflictDoNothing()
    .returning({ id: providerNotifications.id });
  return row?.id ?? null;
};

export type NotificationOutcome = { outcome: 'applied' | 'ignored' | 'refused' | 'done-before'; emails: string[] };

/**
 * Reads the resource the hook names from the provider and applies what the provider says through
 * the same path as every payment event (`applyPspEvent`: exactly once per event id, one ledger
 * posting). A hook naming a resource the provider does not know is refused: nothing is booked.
 */
export const handleNotification = async (
  db: Db,
  outbox: Outbox,
  wallets: ProviderWallets,
  input: { provider: string; eventType: string; resourceId: string; log: FastifyBaseLogger },
): Promise<NotificationOutcome> => {
  const where = and(
    eq(providerNotifications.provider, input.provider),
    eq(providerNotifications.eventType, input.eventType),
    eq(providerNotifications.resourceId, input.resourceId),
  );
  const [row] = await db.select().from(providerNotifications).where(where);
  if (row?.handledAt) return { outcome: 'done-before', emails: [] };
  const resolved = await wallets.resolveNotification(input.eventType, input.resourceId);
  let outcome: NotificationOutcome['outcome'] = 'ignored';
  const emails: string[] = [];
  let detail: string | null = null;
  if (resolved.kind === 'refused') {
    outcome = 'refused';
    detail = resolved.reason;
    input.log.warn({ ...input, log: undefined, reason: resolved.reason }, 'provider hook refused');
  } else {
    for (const event of resolved.events) {
      const applied = await applyPspEvent(db, outbox, event);
      if (applied.outcome === 'applied') outcome = 'applied';
      emails.push(...applied.notifyEmails);
    }
  }
  await db
    .update(providerNotifications)
    .set({ handledAt: new Date(), outcome, detail })
    .where(and(where, isNull(providerNotifications.handledAt)));
  return { outcome, emails };
};
