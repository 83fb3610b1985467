import type { PurchaseView } from '@bw/contracts';
import {
  assets,
  type Db,
  knowledgeAndExperience,
  ledgerAccounts,
  notaryAppointments,
  notaryReservations,
  type PrimaryPurchaseStatus,
  partners,
  paymentAccounts,
  personalInformation,
  preparedSelect,
  primaryPurchases,
  queryRows,
  signingRequests,
  type transactions,
  users,
} from '@bw/db';
import { debitedCentsOfPurchase, type PurchaseCardState } from '@bw/domain';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { taxIdCountriesOfUser } from '../trade-rules/trade-rules.repo.js';

export type PurchaseRow = typeof primaryPurchases.$inferSelect;
export type AssetRow = typeof assets.$inferSelect;

/** Purchases that still hold shares of the asset (spec: financing phase ends when all are sold). */
export const OPEN_PURCHASE_STATUSES: PrimaryPurchaseStatus[] = ['reserved', 'awaitingPayment', 'awaitingNotary'];

export const findAsset = async (db: Db, assetId: string): Promise<AssetRow | undefined> =>
  (await db.select().from(assets).where(eq(assets.id, assetId)))[0];

export const lockAsset = async (db: Db, assetId: string): Promise<AssetRow | undefined> =>
  (await db.select().from(assets).where(eq(assets.id, assetId)).for('update'))[0];

/**
 * Everything the checks of a purchase read about the buyer and the asset, in one statement (issue
 * 27): the user with the partner's fee, personal information, tax-ID countries, payment account,
 * available cash (a user book: one row), knowledge and experience, and the asset. Reads only; the
 * transaction re-decides what races (shares, cash, the app) with its own writes.
 */
const purchaseFacts = preparedSelect((db) =>
  db
    .select({
      user: users,
      feeBps: partners.transactionFeeBps,
      info: personalInformation,
      taxIdCountries: taxIdCountriesOfUser,
      walletIban: paymentAccounts.iban,
      availableCashCents: sql<string>`coalesce((select ${ledgerAccounts.balance} from ${ledgerAccounts} where ${ledgerAccounts.accountKey} = 'user_cash:' || ${users.id}::text), 0)::text`,
      kae: knowledgeAndExperience,
      asset: assets,
    })
    .from(users)
    .leftJoin(partners, eq(partners.partnerId, users.partnerId))
    .leftJoin(personalInformation, eq(personalInformation.userId, users.id))
    .leftJoin(paymentAccounts, eq(paymentAccounts.userId, users.id))
    .leftJoin(knowledgeAndExperience, eq(knowledgeAndExperience.userId, users.id))
    .leftJoin(assets, eq(assets.id, sql.placeholder('assetId')))
    .where(eq(users.id, sql.placeholder('userId'))),
);

export const loadPurchaseFacts = async (db: Db, userId: string, assetId: string) => {
  const [row] = await purchaseFacts(db, { userId, assetId });
  if (!row) return null;
  return { ...row, availableCashCents: BigInt(row.availableCashCents) };
};

export const transactionFeeBpsOf = async (db: Db, partnerId: string): Promise<number> => {
  const [row] = await db
    .select({ bps: partners.transactionFeeBps })
    .from(partners)
    .where(eq(partners.partnerId, partnerId))
    .limit(1);
  return row?.bps ?? 0;
};

export const releaseIssuerShares = async (db: Db, assetId: string, shares: number): Promise<void> => {
  await db
    .update(assets)
    .set({ availableShares: sql`${assets.availableShares} + ${shares}`, updatedAt: new Date() })
    .where(eq(assets.id, assetId));
};

/** The purchase as it is, without a lock (to learn which signing request to lock first). */
export const findPurchase = async (db: Db, transactionId: string) =>
  (await db.select().from(primaryPurchases).where(eq(primaryPurchases.transactionId, transactionId)))[0];

export const lockPurchase = async (db: Db, where: { transactionId: string } | { signingRequestId: string }) =>
  (
    await db
      .select()
      .from(primaryPurchases)
      .where(
        'transactionId' in where
          ? eq(primaryPurchases.transactionId, where.transactionId)
          : eq(primaryPurchases.signingRequestId, where.signingRequestId),
      )
      .for('update')
  )[0];

const purchaseWithAsset = (by: 'transactionId' | 'signingRequestId') =>
  preparedSelect((db) =>
    db
      .select({
        purchase: primaryPurchases,
        availableShares: assets.availableShares,
        assetTitle: assets.title,
        buyerReferralCode: users.referralCode,
      })
      .from(primaryPurchases)
      .innerJoin(assets, eq(assets.id, primaryPurchases.assetId))
      .innerJoin(users, eq(users.id, primaryPurchases.userId))
      .where(eq(primaryPurchases[by], sql.placeholder('id')))
      .for('update', { of: primaryPurchases }),
  );
const lockedPurchaseWithAsset = {
  transactionId: purchaseWithAsset('transactionId'),
  signingRequestId: purchaseWithAsset('signingRequestId'),
};

/**
 * The purchase, locked, with its asset's available shares as they were when it was locked and the
 * referral code the buyer registered with (null for most: the settlement then skips the referral).
 */
export const lockPurchaseWithAsset = async (db: Db, where: { transactionId: string } | { signingRequestId: string }) =>
  ('transactionId' in where
    ? await lockedPurchaseWithAsset.transactionId(db, { id: where.transactionId })
    : await lockedPurchaseWithAsset.signingRequestId(db, { id: where.signingRequestId }))[0];

type PurchaseStatusChange = {
  transactionId: string;
  status: PrimaryPurchaseStatus;
  transactionStatus: (typeof transactions.$inferSelect)['status'];
  now: Date;
  pricePoint?: { assetId: string; pricePerShareCents: bigint; sharesCount: number };
};

/**
 * The CTEs (`purchase_status`, `business_status`, `price_point`) that move a purchase and its
 * transaction to their next status, with the price point of a settlement when given. `gate` names
 * a relation with a boolean column `ok`: they write only when it holds (the ledger's `matched`, when
 * they ride along in a posting's statement, issue 37).
 */
export const purchaseStatusCtes = (input: PurchaseStatusChange, gate: SQL = sql`(SELECT true AS ok) AS gate`): SQL => {
  const now = input.now.toISOString();
  const point = input.pricePoint;
  return sql`purchase_status AS (
        UPDATE primary_purchases SET status = ${input.status}, updated_at = ${now}::timestamptz
        FROM ${gate} WHERE ok AND transaction_id = ${input.transactionId}::uuid RETURNING transaction_id),
      business_status AS (
        UPDATE transactions SET status = ${input.transactionStatus}, updated_at = ${now}::timestamptz
        FROM ${gate} WHERE ok AND id = ${input.transactionId}::uuid RETURNING id),
      price_point AS (
        ${
          point
            ? sql`INSERT INTO asset_price_points (asset_id, traded_at, price_per_share_cents, shares_count)
          SELECT ${point.assetId}, ${now}::timestamptz, ${point.pricePerShareCents.toString()}::bigint, ${point.sharesCount}
          FROM ${gate} WHERE ok RETURNING 1 AS one`
            : sql`SELECT 1 AS one WHERE false`
        })`;
};

/**
 * A purchase and its transaction move to their next status together, with the price point of a
 * settlement when given: one statement.
 */
export const setPurchaseStatus = async (db: Db, input: PurchaseStatusChange): Promise<void> => {
  await queryRows(db, sql`WITH ${purchaseStatusCtes(input)} SELECT 1 AS one`);
};

export const countOpenPurchases = async (db: Db, assetId: string): Promise<number> => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(primaryPurchases)
    .where(and(eq(primaryPurchases.assetId, assetId), inArray(primaryPurchases.status, OPEN_PURCHASE_STATUSES)));
  return row?.count ?? 0;
};

export const cardStateOf = (row: Pick<PurchaseRow, 'status'>): PurchaseCardState => {
  switch (row.status) {
    case 'reserved':
      return 'signatureMissing';
    case 'awaitingPayment':
      return 'paymentMissing';
    case 'awaitingNotary':
      return 'notaryMissing';
    case 'settled':
      return 'completed';
    default:
      return 'canceled';
  }
};

/** The issuer's escrow account for builder-owner payments (sandbox: a fixed valid Austrian IBAN). */
export const ISSUER_ESCROW = { IBAN: 'AT483200000012345864', BIC: 'RLNWATWWXXX' } as const;

/** Purchases with what the cards and the buy flow show, newest first. */
export const listPurchaseViews = async (
  db: Db,
  where: { userId: string; transactionId?: string },
): Promise<PurchaseView[]> => {
  const rows = await db
    .select({
      purchase: primaryPurchases,
      assetTitle: assets.title,
      spvName: assets.spvName,
      signingExpiresAt: signingRequests.expiresAt,
      reservation: notaryReservations,
      appointment: notaryAppointments,
    })
    .from(primaryPurchases)
    .innerJoin(assets, eq(assets.id, primaryPurchases.assetId))
    .innerJoin(signingRequests, eq(signingRequests.id, primaryPurchases.signingRequestId))
    .leftJoin(notaryReservations, eq(notaryReservations.transactionId, primaryPurchases.transactionId))
    .leftJoin(notaryAppointments, eq(notaryAppointments.id, notaryReservations.appointmentId))
    .where(
      and(
        eq(primaryPurchases.userId, where.userId),
        where.transactionId ? eq(primaryPurchases.transactionId, where.transactionId) : undefined,
      ),
    )
    .orderBy(desc(primaryPurchases.createdAt));
  return rows.map(toPurchaseView);
};

type PurchaseViewSource = {
  purchase: PurchaseRow;
  assetTitle: string;
  spvName: string;
  signingExpiresAt: Date;
  reservation: typeof notaryReservations.$inferSelect | null;
  appointment: typeof notaryAppointments.$inferSelect | null;
};

/** What the cards and the buy flow show of a purchase. */
export const toPurchaseView = ({
  purchase,
  assetTitle,
  spvName,
  signingExpiresAt,
  reservation,
  appointment,
}: PurchaseViewSource): PurchaseView => {
  const total = debitedCentsOfPurchase(purchase);
  return {
    transactionId: purchase.transactionId,
    assetId: purchase.assetId,
    assetTitle,
    status: purchase.status,
    cardState: cardStateOf(purchase),
    method: purchase.method,
    shares: purchase.shares,
    pricePerShare: purchase.pricePerShareCents.toString(),
    amount: purchase.amountCents.toString(),
    fee: { amount: purchase.feeCents.toString() },
    bonus: { amount: purchase.bonusCents.toString() },
    total: total.toString(),
    signingRequestId: purchase.signingRequestId,
    signingExpiresAt: signingExpiresAt.toISOString(),
    paymentRequest:
      purchase.method === 'bankWire' && purchase.paymentReference
        ? { receiver: spvName, ...ISSUER_ESCROW, reference: purchase.paymentReference, amount: total.toString() }
        : null,
    notaryAppointment:
      reservation && appointment
        ? {
            id: appointment.id,
            date: appointment.startsAt.toISOString(),
            location: appointment.location,
            freeSeats: appointment.capacity - appointment.reserved,
            idAustria: reservation.idAustria,
          }
        : null,
    createdAt: purchase.createdAt.toISOString(),
  };
};

type NewPurchase = Omit<
  PurchaseRow,
  'createdAt' | 'updatedAt' | 'paymentReceivedAt' | 'notaryDocumentsReceivedAt' | 'signingRequestId'
>;

/**
 * A reserved purchase in one statement (issue 27, issue 37): its signing request, written only
 * while the buyer's app is active (`signing`, see `signingRequestForActiveAppCtes`), its business
 * transaction, the purchase row and the shares taken off the asset, which holds them only while in
 * its financing phase and has them (one conditional update, so concurrent buyers can never sell
 * more than there is). The asset is updated only once the purchase row is written (its
 * condition reads `purchase`, an init plan that runs first), so its row lock, which every buyer of
 * the asset queues on, is taken after the app's and held only for the rest of this statement and
 * the commit. Nothing is written when no app is active (`purchase` null); `sharesTaken` false when
 * the asset no longer had the shares: the caller then rolls back.
 */
export const insertReservedPurchase = async (
  tx: Db,
  input: {
    signingCtes: SQL;
    signingRequestId: string;
    purchase: NewPurchase;
    transaction: { sender: string | null; receiver: string };
    now: Date;
  },
): Promise<{ purchase: PurchaseRow | null; sharesTaken: boolean }> => {
  const p = input.purchase;
  const [row] = await queryRows<{
    created_at: Date | string | null;
    updated_at: Date | string | null;
    taken: number;
  }>(
    tx,
    sql`WITH ${input.signingCtes},
      business AS (
        INSERT INTO transactions (id, user_id, asset_id, type, status, method, amount_cents, fee_cents, bonus_cents, sender, receiver, hold_id)
        SELECT ${p.transactionId}::uuid, ${p.userId}::uuid, ${p.assetId}, 'buy', 'reserved', ${p.method},
          ${p.amountCents.toString()}::bigint, ${p.feeCents.toString()}::bigint, ${p.bonusCents.toString()}::bigint,
          ${input.transaction.sender}, ${input.transaction.receiver}, ${p.cashHoldId}::uuid
        FROM signing
        RETURNING id),
      purchase AS (
        INSERT INTO primary_purchases (transaction_id, user_id, asset_id, status, method, shares, price_per_share_cents,
          amount_cents, fee_cents, bonus_cents, bonus_id, cash_hold_id, signing_request_id, accepted_warnings,
          appropriateness_rating, payment_reference, manual_signatures)
        SELECT business.id, ${p.userId}::uuid, ${p.assetId}, ${p.status}, ${p.method}, ${p.shares}::int,
          ${p.pricePerShareCents.toString()}::bigint, ${p.amountCents.toString()}::bigint, ${p.feeCents.toString()}::bigint,
          ${p.bonusCents.toString()}::bigint, ${p.bonusId}::uuid, ${p.cashHoldId}::uuid, signing.id,
          ${JSON.stringify(p.acceptedWarnings)}::jsonb, ${p.appropriatenessRating}, ${p.paymentReference},
          ${p.manualSignatures === null ? null : JSON.stringify(p.manualSignatures)}::jsonb
        FROM business, signing
        RETURNING created_at, updated_at),
      taken AS (
        UPDATE assets SET available_shares = available_shares - ${p.shares}::int, updated_at = ${input.now.toISOString()}::timestamptz
        WHERE id = ${p.assetId} AND stage = 'primary' AND available_shares >= ${p.shares}::int
          AND EXISTS (SELECT 1 FROM purchase)
        RETURNING id)
      SELECT (SELECT created_at FROM purchase) AS created_at, (SELECT updated_at FROM purchase) AS updated_at,
        (SELECT count(*)::int FROM taken) AS taken`,
  );
  if (!row?.created_at || !row.updated_at) return { purchase: null, sharesTaken: false };
  return {
    purchase: {
      ...p,
      signingRequestId: input.signingRequestId,
      paymentReceivedAt: null,
      notaryDocumentsReceivedAt: null,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    },
    sharesTaken: Number(row.taken) === 1,
  };
};
