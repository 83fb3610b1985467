import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assets } from './assets.js';
import { users } from './auth.js';
import { ledgerHolds } from './ledger.js';
import { transactions } from './payments.js';
import { signingRequests } from './security-app.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const cents = (name: string) => bigint(name, { mode: 'bigint' });

/** Spec section 3, enumerations: Offer status and visibility; bulletin-board offers are buy or sell. */
export const BULLETIN_OFFER_TYPES = ['buy', 'sell'] as const;
export const BULLETIN_OFFER_STATUSES = ['new', 'open', 'accepted', 'closed', 'deleted'] as const;
export const BULLETIN_OFFER_VISIBILITIES = ['bulletin', 'private'] as const;
export const BULLETIN_TRADE_STATUSES = ['pending', 'completed', 'canceled'] as const;
/** Spec section 4, bulletin-board buy offer progress (private trades only). */
export const BULLETIN_TRADE_STEPS = [
  'contactDetails',
  'sellerAcceptance',
  'payment',
  'buyerRelease',
  'signing',
  'finalRelease',
  'completed',
] as const;

/**
 * An investor's buy or sell offer on the bulletin board (spec sections 1, 3, 4; ADR 0008).
 * `new` until the owner signs it in the security app, `open` while shares are left to take,
 * `accepted` while every share is taken but some trade is still in progress, `closed` when all
 * shares settled, `deleted` by the owner or a refused signature. The owner's reservation of what
 * is not yet taken is one ledger hold (`holdId`, `reservedCents`: shares for a sell offer, cash
 * for a buy offer); each trade splits its part off into a hold of its own.
 */
export const bulletinOffers = pgTable(
  'bulletin_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id),
    type: text('type', { enum: BULLETIN_OFFER_TYPES }).notNull(),
    status: text('status', { enum: BULLETIN_OFFER_STATUSES }).notNull().default('new'),
    visibility: text('visibility', { enum: BULLETIN_OFFER_VISIBILITIES }).notNull(),
    firstPartyUserId: uuid('first_party_user_id')
      .notNull()
      .references(() => users.id),
    pricePerShareCents: cents('price_per_share_cents').notNull(),
    sharesOffered: integer('shares_offered').notNull(),
    /** Shares nobody has taken yet (trades in progress are not counted). */
    sharesRemaining: integer('shares_remaining').notNull(),
    /** Shares of completed trades. */
    sharesSettled: integer('shares_settled').notNull().default(0),
    /** The owner's fee rate, fixed when the offer is made: transaction fee, or brokerage fee of a private buy offer. */
    feeBps: integer('fee_bps').notNull(),
    /** Buy offers: what is left of the fee reserved with the offer (ADR 0008, fee reserve). */
    feeReserveCents: cents('fee_reserve_cents').notNull().default(sql`0`),
    /** The amount of the current hold: shares (sell) or cents (buy); 0 when nothing is held. */
    reservedAmount: cents('reserved_amount').notNull().default(sql`0`),
    holdId: uuid('hold_id').references(() => ledgerHolds.id),
    /** Counts the owner's holds, so each has its own idempotency key. */
    holdSeq: integer('hold_seq').notNull().default(0),
    signingRequestId: uuid('signing_request_id').references(() => signingRequests.id),
    acceptedWarnings: jsonb('accepted_warnings').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bulletin_offers_asset_idx').on(t.assetId, t.status),
    index('bulletin_offers_owner_idx').on(t.firstPartyUserId, t.createdAt),
    check('bulletin_offers_price_positive', sql`${t.pricePerShareCents} > 0`),
    check('bulletin_offers_shares_positive', sql`${t.sharesOffered} > 0`),
    check(
      'bulletin_offers_shares_consistent',
      sql`${t.sharesRemaining} >= 0 AND ${t.sharesSettled} >= 0 AND ${t.sharesRemaining} + ${t.sharesSettled} <= ${t.sharesOffered}`,
    ),
    check('bulletin_offers_reserves_non_negative', sql`${t.feeReserveCents} >= 0 AND ${t.reservedAmount} >= 0`),
  ],
);

/**
 * One counterparty taking all or part of an offer (a fill). Public: both sign, then delivery
 * versus payment in one transaction. Private: the steps of spec section 4 (`step`). Holds: the
 * owner's part split off the offer, the taker's reservation, the buyer's brokerage fee (private).
 */
export const bulletinTrades = pgTable(
  'bulletin_trades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => bulletinOffers.id),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id),
    secondPartyUserId: uuid('second_party_user_id')
      .notNull()
      .references(() => users.id),
    buyerUserId: uuid('buyer_user_id')
      .notNull()
      .references(() => users.id),
    sellerUserId: uuid('seller_user_id')
      .notNull()
      .references(() => users.id),
    sharesCount: integer('shares_count').notNull(),
    pricePerShareCents: cents('price_per_share_cents').notNull(),
    volumeCents: cents('volume_cents').notNull(),
    buyerFeeCents: cents('buyer_fee_cents').notNull(),
    sellerFeeCents: cents('seller_fee_cents').notNull(),
    status: text('status', { enum: BULLETIN_TRADE_STATUSES }).notNull().default('pending'),
    /** Private trades: the current step; null for public trades. */
    step: text('step', { enum: BULLETIN_TRADE_STEPS }),
    firstPartyHoldId: uuid('first_party_hold_id').references(() => ledgerHolds.id),
    secondPartyHoldId: uuid('second_party_hold_id').references(() => ledgerHolds.id),
    firstPartySigningRequestId: uuid('first_party_signing_request_id').references(() => signingRequests.id),
    secondPartySigningRequestId: uuid('second_party_signing_request_id').references(() => signingRequests.id),
    firstPartySignedAt: timestamp('first_party_signed_at', { withTimezone: true }),
    secondPartySignedAt: timestamp('second_party_signed_at', { withTimezone: true }),
    buyerTransactionId: uuid('buyer_transaction_id').references(() => transactions.id),
    sellerTransactionId: uuid('seller_transaction_id').references(() => transactions.id),
    cancelReason: text('cancel_reason', { enum: ['rejected', 'expired', 'deleted'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('bulletin_trades_offer_idx').on(t.offerId),
    index('bulletin_trades_second_party_idx').on(t.secondPartyUserId, t.createdAt),
    index('bulletin_trades_first_signing_idx').on(t.firstPartySigningRequestId),
    index('bulletin_trades_second_signing_idx').on(t.secondPartySigningRequestId),
    check('bulletin_trades_shares_positive', sql`${t.sharesCount} > 0`),
    check('bulletin_trades_fees_non_negative', sql`${t.buyerFeeCents} >= 0 AND ${t.sellerFeeCents} >= 0`),
    check('bulletin_trades_parties_differ', sql`${t.buyerUserId} <> ${t.sellerUserId}`),
  ],
);
