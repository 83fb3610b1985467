import type { PspEvent } from '@bw/contracts';
import { type Db, payoutAccounts, pspWebhookEvents, transactions, users } from '@bw/db';
import { PAYOUT_ACCOUNT_PROOF_MINIMUM_CENTS, senderNameMatchesUser } from '@bw/domain';
import { eq } from 'drizzle-orm';
import { isValidIBAN } from 'ibantools';
import type { Outbox } from '../../../jobs/outbox.js';
import { post, postHold, voidHold } from '../../../ledger/ledger.js';
import { AppError } from '../../../lib/app-error.js';
import { confirmIncome } from '../../distributions/operations/record-income.js';
import { notifyInvestor } from '../../notifications/investor-events.js';
import { findPaymentAccountByWallet } from '../payments.repo.js';

export type EventOutcome = { outcome: 'applied' | 'duplicate' | 'ignored'; notifyEmails: string[] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const lockByReference = async (tx: Db, reference: string) =>
  (await tx.select().from(transactions).where(eq(transactions.providerReference, reference)).for('update'))[0];

const emailOf = async (tx: Db, userId: string): Promise<string[]> => {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user ? [user.email] : [];
};

const payeeIbanOf = async (tx: Db, payoutAccountId: string | null): Promise<string | null> => {
  if (!payoutAccountId) return null;
  const [payee] = await tx
    .select({ iban: payoutAccounts.iban })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.id, payoutAccountId));
  return payee?.iban ?? null;
};

/**
 * Applies one provider event (ADR 0005), exactly once per event id, in one transaction. An event
 * that comes before the one it depends on (settled before received) throws WEBHOOK_OUT_OF_ORDER:
 * nothing is recorded and the provider retries later. An event that contradicts a final state
 * (success after failed) is recorded and ignored.
 */
export const applyPspEvent = (db: Db, outbox: Outbox, event: PspEvent): Promise<EventOutcome> =>
  db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(pspWebhookEvents)
      .values({ eventId: event.eventId, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: pspWebhookEvents.eventId });
    if (!fresh) return { outcome: 'duplicate', notifyEmails: [] };
    const ignored: EventOutcome = { outcome: 'ignored', notifyEmails: [] };

    switch (event.type) {
      case 'transfer.received': {
        const account = await findPaymentAccountByWallet(tx, event.walletId);
        const amountCents = BigInt(event.amount);
        if (!account || amountCents <= 0n) return ignored;
        const inserted = await tx
          .insert(transactions)
          .values({
            userId: account.userId,
            type: 'charge',
            status: 'pending',
            method: 'bankWire',
            amountCents,
            sender: event.senderName,
            senderIban: event.senderIban,
            receiver: account.iban,
            paymentInformation: event.reference || null,
            providerReference: event.transferId,
          })
          .onConflictDoNothing({ target: transactions.providerReference })
          .returning({ id: transactions.id });
        if (inserted.length === 0) return ignored;
        return { outcome: 'applied', notifyEmails: await emailOf(tx, account.userId) };
      }
      case 'transfer.settled':
      case 'transfer.returned': {
        const row = await lockByReference(tx, event.transferId);
        if (!row) throw new AppError('WEBHOOK_OUT_OF_ORDER');
        if (row.status !== 'pending') return ignored;
        if (event.type === 'transfer.returned') {
          await tx
            .update(transactions)
            .set({ status: 'canceled', updatedAt: new Date() })
            .where(eq(transactions.id, row.id));
          await notifyInvestor(tx, outbox, {
            kind: 'payin.returned',
            userId: row.userId,
            transactionId: row.id,
            amountCents: row.amountCents,
          });
          return { outcome: 'applied', notifyEmails: await emailOf(tx, row.userId) };
        }
        await post(tx, {
          key: `psp:${event.transferId}:settle`,
          kind: 'pay-in',
          transactionId: row.id,
          legs: [
            { account: { kind: 'psp_clearing' }, amount: -row.amountCents },
            { account: { kind: 'user_cash', userId: row.userId }, amount: row.amountCents },
          ],
        });
        await tx
          .update(transactions)
          .set({ status: 'success', updatedAt: new Date() })
          .where(eq(transactions.id, row.id));
        await addPayoutAccountIfOwn(tx, row);
        await notifyInvestor(tx, outbox, {
          kind: 'payin.credited',
          userId: row.userId,
          transactionId: row.id,
          amountCents: row.amountCents,
          sender: row.sender,
        });
        return { outcome: 'applied', notifyEmails: await emailOf(tx, row.userId) };
      }
      case 'income.received': {
        const outcome = await confirmIncome(tx, {
          transferId: event.transferId,
          reference: event.reference,
          amountCents: BigInt(event.amount),
        });
        return { outcome, notifyEmails: [] };
      }
      case 'payout.succeeded':
      case 'payout.failed': {
        if (!UUID.test(event.payoutId)) return ignored;
        const [row] = await tx.select().from(transactions).where(eq(transactions.id, event.payoutId)).for('update');
        if (!row || row.type !== 'payout') return ignored;
        if (row.status === 'init') throw new AppError('WEBHOOK_OUT_OF_ORDER');
        if (row.status !== 'pending' || !row.holdId) return ignored;
        const ids = { userId: row.userId, transactionId: row.id, amountCents: row.amountCents };
        if (event.type === 'payout.succeeded') {
          await postHold(tx, row.holdId, {
            kind: 'payout',
            to: [{ account: { kind: 'psp_clearing' }, amount: row.amountCents }],
          });
          await notifyInvestor(tx, outbox, {
            kind: 'payout.completed',
            ...ids,
            iban: await payeeIbanOf(tx, row.payoutAccountId),
          });
        } else {
          await voidHold(tx, row.holdId);
          await notifyInvestor(tx, outbox, { kind: 'payout.failed', ...ids });
        }
        await tx
          .update(transactions)
          .set({ status: event.type === 'payout.succeeded' ? 'success' : 'error', updatedAt: new Date() })
          .where(eq(transactions.id, row.id));
        return { outcome: 'applied', notifyEmails: await emailOf(tx, row.userId) };
      }
    }
  });

/** Spec section 5: a transfer of at least 1 cent in the user's own name adds the sender IBAN as payout account. */
const addPayoutAccountIfOwn = async (tx: Db, row: typeof transactions.$inferSelect): Promise<void> => {
  if (!row.senderIban || !row.sender || row.amountCents < PAYOUT_ACCOUNT_PROOF_MINIMUM_CENTS) return;
  if (!isValidIBAN(row.senderIban)) return;
  const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
  if (!user?.firstName || !user.lastName) return;
  if (!senderNameMatchesUser(row.sender, user.firstName, user.lastName)) return;
  await tx
    .insert(payoutAccounts)
    .values({ userId: row.userId, iban: row.senderIban, owner: row.sender, verifiedByTransactionId: row.id })
    .onConflictDoNothing();
};
