import type { Transaction } from '@bw/contracts';
import { arrayParam, assets, type Db, paymentAccounts, payoutAccounts, queryRows, transactions, users } from '@bw/db';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';

export type TransactionRow = typeof transactions.$inferSelect;
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/** How many transactions the account screen lists (newest first). */
export const ACCOUNT_TRANSACTIONS_LIMIT = 200;

export const toPayoutAccount = (row: PayoutAccountRow) => ({
  id: row.id,
  IBAN: row.iban,
  owner: row.owner,
  createdAt: row.createdAt.toISOString(),
});

/** Spec section 3, Transaction: the business view as the client reads it. */
export type TradeExecution = {
  executionPlace: 'primaryMarket' | 'bulletinBoard' | null;
  purchasePrice: string | null;
  salePrice: string | null;
};

/** Where each of these transactions was executed and at what price per share (spec section 3, Transaction). */
export const executionsOf = async (db: Db, transactionIds: string[]): Promise<Map<string, TradeExecution>> => {
  if (transactionIds.length === 0) return new Map();
  const ids = arrayParam(transactionIds);
  const rows = await queryRows<{ id: string; place: 'primaryMarket' | 'bulletinBoard'; side: string; price: string }>(
    db,
    sql`SELECT transaction_id::text AS id, 'primaryMarket' AS place, 'buy' AS side, price_per_share_cents::text AS price
        FROM primary_purchases WHERE transaction_id = ANY(${ids}::uuid[])
      UNION ALL
      SELECT buyer_transaction_id::text, 'bulletinBoard', 'buy', price_per_share_cents::text
        FROM bulletin_trades WHERE buyer_transaction_id = ANY(${ids}::uuid[])
      UNION ALL
      SELECT seller_transaction_id::text, 'bulletinBoard', 'sell', price_per_share_cents::text
        FROM bulletin_trades WHERE seller_transaction_id = ANY(${ids}::uuid[])`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        executionPlace: row.place,
        purchasePrice: row.side === 'buy' ? row.price : null,
        salePrice: row.side === 'sell' ? row.price : null,
      },
    ]),
  );
};

const NOT_A_TRADE: TradeExecution = { executionPlace: null, purchasePrice: null, salePrice: null };

export const toTransaction = (
  row: TransactionRow,
  payoutAccount: PayoutAccountRow | null,
  assetTitle: string | null,
  execution: TradeExecution = NOT_A_TRADE,
): Transaction => ({
  transactionId: row.id,
  assetId: row.assetId,
  assetTitle,
  type: row.type,
  status: row.status,
  method: row.method,
  amount: row.amountCents.toString(),
  time: row.createdAt.toISOString(),
  sender: row.sender,
  receiver: row.receiver,
  fee: { amount: row.feeCents.toString() },
  bonus: { amount: row.bonusCents.toString() },
  paymentInformation: row.paymentInformation,
  payoutAccount: payoutAccount ? toPayoutAccount(payoutAccount) : null,
  taxes: row.taxLines.map((line) => ({ taxType: line.taxType, amount: line.amountCents })),
  fiscalPeriod: row.fiscalPeriod,
  ...execution,
});

export const findUser = async (db: Db, userId: string) =>
  (await db.select().from(users).where(eq(users.id, userId)))[0];

export const findPaymentAccount = async (db: Db, userId: string) =>
  (await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId)))[0];

export const findPaymentAccountByWallet = async (db: Db, walletId: string) =>
  (await db.select().from(paymentAccounts).where(eq(paymentAccounts.providerWalletId, walletId)))[0];

export const listPayoutAccounts = (db: Db, userId: string): Promise<PayoutAccountRow[]> =>
  db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).orderBy(payoutAccounts.createdAt);

export const findOwnTransaction = async (db: Db, userId: string, transactionId: string, lock = false) => {
  const query = db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, transactionId), eq(transactions.userId, userId)));
  return (lock ? await query.for('update') : await query)[0];
};

export const listTransactions = (db: Db, userId: string): Promise<TransactionRow[]> =>
  db
    .select()
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(ACCOUNT_TRANSACTIONS_LIMIT);

/** The titles of the assets the transactions name: each line shows its asset by name (issue 34). */
export const assetTitlesOf = async (db: Db, rows: readonly TransactionRow[]): Promise<Map<string, string>> => {
  const ids = [...new Set(rows.flatMap((row) => (row.assetId ? [row.assetId] : [])))];
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: assets.id, title: assets.title }).from(assets).where(inArray(assets.id, ids));
  return new Map(found.map((asset) => [asset.id, asset.title]));
};

export const transactionView = async (db: Db, row: TransactionRow): Promise<Transaction> => {
  const payout = row.payoutAccountId
    ? (await db.select().from(payoutAccounts).where(eq(payoutAccounts.id, row.payoutAccountId)))[0]
    : undefined;
  const titles = await assetTitlesOf(db, [row]);
  return toTransaction(
    row,
    payout ?? null,
    row.assetId ? (titles.get(row.assetId) ?? null) : null,
    (await executionsOf(db, [row.id])).get(row.id),
  );
};

/** "12,34 €" for SMS texts (spec section 9: EUR with two decimals). */
export const formatEuroCents = (amountCents: bigint): string => {
  const euros = amountCents / 100n;
  const cents = (amountCents % 100n).toString().padStart(2, '0');
  return `${euros.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents} €`;
};
