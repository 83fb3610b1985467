import { createHash, randomInt } from 'node:crypto';
import type { InitMoneyOutResult, Transaction } from '@bw/contracts';
import { type Db, payoutAccounts, payoutChallenges, transactions } from '@bw/db';
import {
  checkPayout,
  formatPayoutCode,
  PAYOUT_CODE_MAX_ATTEMPTS,
  PAYOUT_CODE_TTL_MS,
  PAYOUT_START_THROTTLE,
} from '@bw/domain';
import { and, eq } from 'drizzle-orm';
import type { Outbox } from '../../../jobs/outbox.js';
import { oncePerKey, requestHashOf } from '../../../ledger/idempotency.js';
import { cashBalances, hold } from '../../../ledger/ledger.js';
import { AppError } from '../../../lib/app-error.js';
import { takeAttempts, throttleKey } from '../../auth/throttle.js';
import { queueOrHoldForReview } from '../admin/payout-reviews.js';
import {
  findOwnTransaction,
  findPaymentAccount,
  findUser,
  formatEuroCents,
  listPayoutAccounts,
  transactionView,
} from '../payments.repo.js';

const CODE_RANGE = 1_000_000;

/** The code's hash binds it to the transaction, the amount and the payee IBAN (dynamic linking). */
const payoutCodeHash = (transactionId: string, amountCents: bigint, iban: string, code: string): string =>
  createHash('sha256').update(`payout|${transactionId}|${amountCents}|${iban}|${code}`).digest('hex');

const maskPhone = (phone: string): string => `${phone.slice(0, 3)} ••• ••• ${phone.slice(-2)}`;

/**
 * `POST /api/v1/payment/initmoneyout` (spec sections 5, 7): checks the payout, records it as
 * `init` and sends a 6-digit SMS code. No money moves until the code is confirmed.
 */
export const initMoneyOut = (
  db: Db,
  outbox: Outbox,
  input: { userId: string; amountCents: bigint; payoutAccountId: string; idempotencyKey: string | null; now: Date },
): Promise<InitMoneyOutResult> =>
  db.transaction(async (tx) => {
    const work = async (): Promise<InitMoneyOutResult> => {
      const own = await listPayoutAccounts(tx, input.userId);
      const { availableCents } = await cashBalances(tx, input.userId);
      const refusal = checkPayout({
        amountCents: input.amountCents,
        availableCents,
        hasPayoutAccount: own.length > 0,
      });
      if (refusal) throw new AppError(refusal);
      const payee = own.find((account) => account.id === input.payoutAccountId);
      if (!payee) throw new AppError('PAYOUT_ACCOUNT_NOT_FOUND');
      // Each start sends an SMS: limited per user and per payout account (ADR 0020). Counted in the
      // transaction, so concurrent starts of one user queue on the counter row and count one each.
      const starts = [
        { key: throttleKey('payout-start-user', input.userId), rule: PAYOUT_START_THROTTLE.perUser },
        { key: throttleKey('payout-start-account', payee.id), rule: PAYOUT_START_THROTTLE.perPayoutAccount },
      ];
      if (!(await takeAttempts(tx, starts, input.now))) throw new AppError('PAYOUT_START_LIMIT');
      const user = await findUser(tx, input.userId);
      if (!user?.phone) throw new AppError('PHONE_REQUIRED');
      const wallet = await findPaymentAccount(tx, input.userId);
      if (!wallet) throw new AppError('PAYMENT_ACCOUNT_NOT_FOUND');
      const [row] = await tx
        .insert(transactions)
        .values({
          userId: input.userId,
          type: 'payout',
          status: 'init',
          method: 'transfer',
          amountCents: input.amountCents,
          sender: wallet.iban,
          receiver: payee.iban,
          payoutAccountId: payee.id,
        })
        .returning();
      if (!row) throw new AppError('CONFLICT');
      const code = formatPayoutCode(randomInt(0, CODE_RANGE));
      const expiresAt = new Date(input.now.getTime() + PAYOUT_CODE_TTL_MS);
      await tx.insert(payoutChallenges).values({
        transactionId: row.id,
        codeHash: payoutCodeHash(row.id, input.amountCents, payee.iban, code),
        amountCents: input.amountCents,
        payeeIban: payee.iban,
        expiresAt,
      });
      await outbox.enqueue(tx, 'notifications.send-sms', `payout-code:${row.id}`, {
        to: user.phone,
        text: `Dein Code für die Auszahlung von ${formatEuroCents(input.amountCents)} auf ${payee.iban}: ${code}. Er gilt ${PAYOUT_CODE_TTL_MS / 60_000} Minuten.`,
      });
      return {
        transactionId: row.id,
        amount: input.amountCents.toString(),
        payoutAccountId: payee.id,
        IBAN: payee.iban,
        smsSentTo: maskPhone(user.phone),
        expiresAt: expiresAt.toISOString(),
      };
    };
    if (!input.idempotencyKey) return work();
    const requestHash = requestHashOf({ amount: input.amountCents.toString(), payoutAccountId: input.payoutAccountId });
    return (
      await oncePerKey(tx, { scope: `initmoneyout:${input.userId}`, key: input.idempotencyKey, requestHash }, work)
    ).value;
  });

type ConfirmOutcome =
  | { kind: 'done'; transaction: Transaction; moved: boolean }
  | { kind: 'refused'; code: 'PAYOUT_CODE_WRONG' | 'PAYOUT_CODE_EXPIRED' | 'PAYOUT_CODE_LOCKED' };

/**
 * `POST /api/v1/payment/moneyout`: checks the SMS code, reserves the amount (hold) and asks the
 * provider to pay out (outbox). Idempotent per key, by default the transaction id: a retry
 * answers the first answer. A wrong code counts even though the call fails.
 */
export const confirmMoneyOut = async (
  db: Db,
  outbox: Outbox,
  input: { userId: string; transactionId: string; smsCode: string; idempotencyKey: string | null; now: Date },
): Promise<{ transaction: Transaction; moved: boolean }> => {
  const outcome = await db.transaction(async (tx): Promise<ConfirmOutcome> => {
    const row = await findOwnTransaction(tx, input.userId, input.transactionId, true);
    if (!row || row.type !== 'payout') throw new AppError('TRANSACTION_NOT_FOUND');
    const scope = `moneyout:${input.userId}`;
    const key = input.idempotencyKey ?? `transaction:${row.id}`;
    const requestHash = requestHashOf({ transactionId: row.id });
    const confirm = async (): Promise<Transaction> => {
      const { availableCents } = await cashBalances(tx, input.userId);
      if (row.amountCents > availableCents) throw new AppError('PAYOUT_INSUFFICIENT_FUNDS');
      const held = await hold(tx, {
        key: `payout:${row.id}:hold`,
        account: { kind: 'user_cash', userId: input.userId },
        amount: row.amountCents,
        transactionId: row.id,
      });
      const [updated] = await tx
        .update(transactions)
        .set({ status: 'pending', holdId: held.holdId, updatedAt: input.now })
        .where(and(eq(transactions.id, row.id), eq(transactions.status, 'init')))
        .returning();
      if (!updated) throw new AppError('PAYOUT_NOT_CONFIRMABLE');
      await queueOrHoldForReview(tx, outbox, updated);
      return transactionView(tx, updated);
    };
    if (row.status !== 'init') {
      // Already confirmed: only a retry of the confirming call gets its answer again.
      const replay = await oncePerKey(tx, { scope, key, requestHash }, async () => {
        throw new AppError('PAYOUT_NOT_CONFIRMABLE');
      });
      return { kind: 'done', transaction: replay.value, moved: false };
    }
    const [challenge] = await tx
      .select()
      .from(payoutChallenges)
      .where(eq(payoutChallenges.transactionId, row.id))
      .for('update');
    if (!challenge || challenge.usedAt) throw new AppError('PAYOUT_NOT_CONFIRMABLE');
    if (challenge.failedAttempts >= PAYOUT_CODE_MAX_ATTEMPTS) return { kind: 'refused', code: 'PAYOUT_CODE_LOCKED' };
    if (challenge.expiresAt.getTime() <= input.now.getTime()) return { kind: 'refused', code: 'PAYOUT_CODE_EXPIRED' };
    const payee = row.payoutAccountId
      ? (await tx.select().from(payoutAccounts).where(eq(payoutAccounts.id, row.payoutAccountId)))[0]
      : undefined;
    const expected = payoutCodeHash(row.id, row.amountCents, payee?.iban ?? '', input.smsCode.trim());
    if (
      expected !== challenge.codeHash ||
      challenge.amountCents !== row.amountCents ||
      challenge.payeeIban !== payee?.iban
    ) {
      const failedAttempts = challenge.failedAttempts + 1;
      await tx.update(payoutChallenges).set({ failedAttempts }).where(eq(payoutChallenges.transactionId, row.id));
      if (failedAttempts >= PAYOUT_CODE_MAX_ATTEMPTS) {
        await tx
          .update(transactions)
          .set({ status: 'canceled', updatedAt: input.now })
          .where(eq(transactions.id, row.id));
      }
      return { kind: 'refused', code: 'PAYOUT_CODE_WRONG' };
    }
    await tx.update(payoutChallenges).set({ usedAt: input.now }).where(eq(payoutChallenges.transactionId, row.id));
    const done = await oncePerKey(tx, { scope, key, requestHash }, confirm);
    return { kind: 'done', transaction: done.value, moved: !done.replayed };
  });
  if (outcome.kind === 'refused') throw new AppError(outcome.code);
  return { transaction: outcome.transaction, moved: outcome.moved };
};
