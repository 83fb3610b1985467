import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * What a real provider adapter created for one of ours (issue 38): a Mangopay user, wallet,
 * virtual account or bank account of an investor, an Onfido applicant, an IDnow ident, a
 * Skribble signature request. One row per (provider, kind, our reference); the provider's own id
 * beside it, so a repeated call finds the object instead of creating a second one.
 */
export const providerObjects = pgTable(
  'provider_objects',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    ourRef: text('our_ref').notNull(),
    providerId: text('provider_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('provider_objects_ref_key').on(t.provider, t.kind, t.ourRef),
    index('provider_objects_provider_id_idx').on(t.provider, t.kind, t.providerId),
  ],
);

/**
 * Every notification a provider sent us (Mangopay hooks, Onfido webhooks, IDnow and Skribble
 * callbacks, Twilio status callbacks), recorded at once and handled by a job that fetches the named
 * resource from the provider: the notification itself is never trusted for money or a verdict.
 * Unique per (provider, event type, resource), so a repeated hook is one row.
 */
export const providerNotifications = pgTable(
  'provider_notifications',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    provider: text('provider').notNull(),
    eventType: text('event_type').notNull(),
    resourceId: text('resource_id').notNull(),
    receivedAt: createdAt(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** `applied`, `ignored`, or `refused` (the provider does not know the resource it named). */
    outcome: text('outcome'),
    detail: text('detail'),
  },
  (t) => [uniqueIndex('provider_notifications_event_key').on(t.provider, t.eventType, t.resourceId)],
);

/**
 * A ledger posting mirrored at the payment provider as transfers between wallets (issue 38): one
 * row per posting once every transfer it needs went through (none for a posting inside one wallet).
 */
export const pspMirroredPostings = pgTable('psp_mirrored_postings', {
  postingId: bigint('posting_id', { mode: 'bigint' }).primaryKey(),
  transfers: jsonb('transfers')
    .$type<{ from: string; to: string; amountCents: string; transferId: string }[]>()
    .notNull(),
  mirroredAt: createdAt(),
});

/**
 * A difference the daily reconciliation found between a wallet at the payment provider and the
 * ledger (issue 38): a back-office case, open until staff resolve it.
 */
export const reconciliationCases = pgTable(
  'reconciliation_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runDay: text('run_day').notNull(),
    walletRef: text('wallet_ref').notNull(),
    providerWalletId: text('provider_wallet_id').notNull(),
    userId: uuid('user_id').references(() => users.id),
    ledgerCents: bigint('ledger_cents', { mode: 'bigint' }).notNull(),
    providerCents: bigint('provider_cents', { mode: 'bigint' }).notNull(),
    differenceCents: bigint('difference_cents', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().default('open'),
    openedAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('reconciliation_cases_day_wallet_key').on(t.runDay, t.walletRef)],
);
