import type { Transaction } from '@bw/contracts';
import { assets, type Db, paymentAccounts, payoutAccounts, transactions, users } from '@bw/db';
import { and, desc, eq, inArray } from 'drizzle-orm';

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
export const toTransaction = (
  row: TransactionRow,
  payoutAccount: PayoutAccountRow | null,
  assetTitle: string | null,
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
  return toTransaction(row, payout ?? null, row.assetId ? (titles.get(row.assetId) ?? null) : null);
};

/** "12,34 €" for SMS texts (spec section 9: EUR with two decimals). */
export const formatEuroCents = (amountCents: bigint): string => {
  const euros = amountCents / 100n;
  const cents = (amountCents % 100n).toString().padStart(2, '0');
  return `${euros.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents} €`;
};
