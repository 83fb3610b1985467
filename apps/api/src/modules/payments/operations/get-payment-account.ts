import type { PaymentAccountView, Transaction } from '@bw/contracts';
import type { Db } from '@bw/db';
import { displayedAmount, displayTransaction, totalTransactionAmount, type ViewTransaction } from '@bw/domain';
import { cashBalances } from '../../../ledger/ledger.js';
import { AppError } from '../../../lib/app-error.js';
import {
  assetTitlesOf,
  executionsOf,
  findOwnTransaction,
  findPaymentAccount,
  listPayoutAccounts,
  listTransactions,
  type TransactionRow,
  toTransaction,
  transactionView,
} from '../payments.repo.js';

/** Statuses the account screen lists as pending ("waiting for deposit", "in progress"). */
const PENDING_STATUSES = new Set(['pending', 'reserved', 'charged']);

const toViewTransaction = (row: TransactionRow): ViewTransaction => ({
  transactionId: row.id,
  assetId: row.assetId,
  type: row.type,
  status: row.status,
  amountCents: row.amountCents,
  feeCents: row.feeCents,
  bonusCents: row.bonusCents,
  senderUserId: null,
  receiverUserId: null,
  paymentInformation: row.paymentInformation,
});

/** A listed transaction with what its line shows (its type and amount as the investor reads them). */
export type AccountLine = { readonly transaction: Transaction; readonly shown: ViewTransaction };

/**
 * The account as the investor's screen reads it, and each of its lines with the shown amount
 * (issue 34): the back office's investor page reads the same balance and the same lines.
 */
export const loadAccount = async (
  db: Db,
  userId: string,
): Promise<{ view: PaymentAccountView; lines: AccountLine[] }> => {
  const [wallet, balances, rows, payouts] = await Promise.all([
    findPaymentAccount(db, userId),
    cashBalances(db, userId),
    listTransactions(db, userId),
    listPayoutAccounts(db, userId),
  ]);
  const byId = new Map(payouts.map((payout) => [payout.id, payout]));
  // An unconfirmed payout (no SMS code yet) is not a transaction the user made.
  const shown = rows.filter((row) => row.status !== 'init');
  const executions = await executionsOf(
    db,
    shown.map((row) => row.id),
  );
  const titles = await assetTitlesOf(db, shown);
  const view = (row: TransactionRow): Transaction =>
    toTransaction(
      row,
      row.payoutAccountId ? (byId.get(row.payoutAccountId) ?? null) : null,
      row.assetId ? (titles.get(row.assetId) ?? null) : null,
      executions.get(row.id),
    );
  const viewTransactions = shown.map(toViewTransaction);
  const displayed = viewTransactions.map((transaction) => displayTransaction(userId, transaction));
  const lines = shown.map((row, index) => ({ transaction: view(row), shown: displayed[index] as ViewTransaction }));
  const accountView: PaymentAccountView = {
    amount: displayedAmount(userId, balances.availableCents, viewTransactions).toString(),
    availableAmount: balances.availableCents.toString(),
    heldAmount: balances.heldCents.toString(),
    IBAN: wallet?.iban ?? null,
    BIC: wallet?.bic ?? null,
    pendingTransactions: lines
      .filter((line) => PENDING_STATUSES.has(line.transaction.status))
      .map((line) => line.transaction),
    pastTransactions: lines
      .filter((line) => !PENDING_STATUSES.has(line.transaction.status))
      .map((line) => line.transaction),
    totalTransactionAmount: totalTransactionAmount(displayed).toString(),
  };
  return { view: accountView, lines };
};

/** `GET /api/v1/payment/account`: balance, available balance, IBAN/BIC, pending and past transactions. */
export const getPaymentAccount = async (db: Db, userId: string): Promise<PaymentAccountView> =>
  (await loadAccount(db, userId)).view;

/** One transaction of the user (`account?transaction={id}`, deep link `transaction/{id}`); others' are 404. */
export const getTransaction = async (db: Db, userId: string, transactionId: string): Promise<Transaction> => {
  const row = await findOwnTransaction(db, userId, transactionId);
  if (!row) throw new AppError('TRANSACTION_NOT_FOUND');
  return transactionView(db, row);
};
