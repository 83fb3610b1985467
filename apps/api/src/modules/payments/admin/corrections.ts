import type { CorrectionBody, CorrectionRow } from '@bw/contracts';
import { type Db, ledgerCorrections, ledgerPostings, transactions, users } from '@bw/db';
import { desc, eq, sql } from 'drizzle-orm';
import type { Outbox } from '../../../jobs/outbox.js';
import { post } from '../../../ledger/ledger.js';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, actorStaffId, writeAudit } from '../../../platform/audit.js';
import { notifyInvestor } from '../../notifications/investor-events.js';

const MAX_LISTED = 200;

const toRow = (row: typeof ledgerCorrections.$inferSelect, email: string): CorrectionRow => ({
  id: row.id,
  userId: row.userId,
  email,
  amountCents: row.amountCents.toString(),
  reason: row.reason,
  transactionId: row.transactionId,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
});

/** The newest corrections, optionally of one investor. */
export const listCorrections = async (db: Db, userId: string | undefined): Promise<CorrectionRow[]> => {
  const rows = await db
    .select({ correction: ledgerCorrections, email: users.email })
    .from(ledgerCorrections)
    .innerJoin(users, eq(users.id, ledgerCorrections.userId))
    .where(userId ? eq(ledgerCorrections.userId, userId) : undefined)
    .orderBy(desc(ledgerCorrections.createdAt))
    .limit(MAX_LISTED);
  return rows.map(({ correction, email }) => toRow(correction, email));
};

const existingCorrection = async (tx: Db, postingKey: string): Promise<CorrectionRow | null> => {
  const [row] = await tx
    .select({ correction: ledgerCorrections, email: users.email })
    .from(ledgerCorrections)
    .innerJoin(users, eq(users.id, ledgerCorrections.userId))
    .innerJoin(ledgerPostings, eq(ledgerPostings.transactionId, ledgerCorrections.transactionId))
    .where(eq(ledgerPostings.idempotencyKey, postingKey));
  return row ? toRow(row.correction, row.email) : null;
};

/**
 * A manual correction (issue 21): never an edit, always a balanced compensating posting between
 * the investor's cash and the operator's corrections book, with its reason, a transaction the
 * investor sees ("Korrektur: …", a fee refund "Gebührenerstattung: …"), an inbox entry and an
 * audit row. A credit is paid from the operator's funds; a debit may not take the investor's
 * available cash below zero. Once per idempotency key.
 */
export const recordCorrection = (db: Db, outbox: Outbox, actor: Actor, input: CorrectionBody): Promise<CorrectionRow> =>
  db.transaction(async (tx) => {
    const postingKey = `correction:${input.idempotencyKey}`;
    // Two clicks with one key queue here; the second finds the first's correction.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${postingKey}))`);
    const earlier = await existingCorrection(tx, postingKey);
    if (earlier) return earlier;
    const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, input.userId));
    if (!user) throw new AppError('INVESTOR_NOT_FOUND');
    const amountCents = BigInt(input.amountCents);
    const signed = input.direction === 'credit' ? amountCents : -amountCents;
    const [transaction] = await tx
      .insert(transactions)
      .values({
        userId: user.id,
        type: input.direction === 'credit' ? 'charge' : 'payout',
        status: 'success',
        method: 'account',
        amountCents,
        paymentInformation: `${input.purpose === 'feeRefund' ? 'Gebührenerstattung' : 'Korrektur'}: ${input.reason}`,
      })
      .returning({ id: transactions.id });
    if (!transaction) throw new Error('correction transaction not inserted');
    try {
      await post(tx, {
        key: postingKey,
        kind: 'correction',
        transactionId: transaction.id,
        legs: [
          { account: { kind: 'user_cash', userId: user.id }, amount: signed },
          { account: { kind: 'corrections' }, amount: -signed },
        ],
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'LEDGER_INSUFFICIENT_BALANCE')
        throw new AppError('CORRECTION_WOULD_OVERDRAW');
      throw error;
    }
    const createdBy = actorStaffId(actor);
    if (!createdBy) throw new Error('a correction needs a staff member');
    const [correction] = await tx
      .insert(ledgerCorrections)
      .values({ userId: user.id, amountCents: signed, reason: input.reason, transactionId: transaction.id, createdBy })
      .returning();
    if (!correction) throw new Error('correction not inserted');
    await writeAudit(tx, actor, {
      action: 'ledger.correction',
      targetType: 'investor',
      targetId: user.id,
      after: { amountCents: signed, reason: input.reason, purpose: input.purpose, transactionId: transaction.id },
    });
    await notifyInvestor(tx, outbox, {
      kind: 'correction.booked',
      userId: user.id,
      transactionId: transaction.id,
      amountCents: signed,
      purpose: input.purpose,
      reason: input.reason,
    });
    return toRow(correction, user.email);
  });
