import type { BankWireRow } from '@bw/contracts';
import { assets, type Db, primaryPurchases, users } from '@bw/db';
import { debitedCentsOfPurchase } from '@bw/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Outbox } from '../../../jobs/outbox.js';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, writeAudit } from '../../../platform/audit.js';
import { recordBuilderOwnerEvent } from '../operations/settle-purchase.js';

const OPEN = ['awaitingPayment', 'awaitingNotary'] as const;

/** Builder-owner purchases that still wait for the investor's bank wire or the notary's documents. */
export const listOpenBankWires = async (db: Db): Promise<BankWireRow[]> => {
  const rows = await db
    .select({ purchase: primaryPurchases, email: users.email, title: assets.title })
    .from(primaryPurchases)
    .innerJoin(users, eq(users.id, primaryPurchases.userId))
    .innerJoin(assets, eq(assets.id, primaryPurchases.assetId))
    .where(and(eq(primaryPurchases.method, 'bankWire'), inArray(primaryPurchases.status, [...OPEN])))
    .orderBy(desc(primaryPurchases.createdAt));
  return rows.map(({ purchase, email, title }) => ({
    transactionId: purchase.transactionId,
    userId: purchase.userId,
    email,
    assetId: purchase.assetId,
    assetTitle: title,
    shares: purchase.shares,
    dueCents: debitedCentsOfPurchase(purchase).toString(),
    paymentReference: purchase.paymentReference,
    status: purchase.status,
    paymentReceivedAt: purchase.paymentReceivedAt?.toISOString() ?? null,
    notaryDocumentsReceivedAt: purchase.notaryDocumentsReceivedAt?.toISOString() ?? null,
    createdAt: purchase.createdAt.toISOString(),
  }));
};

/**
 * Staff confirm that the investor's bank wire arrived (booked from the provider's clearing book to
 * the purchase) or that the notary's documents are in; with both, the purchase settles. The same
 * operation the sandbox bank calls; audited here.
 */
export const confirmBankWireEvent = async (
  db: Db,
  outbox: Outbox,
  actor: Actor,
  input: { transactionId: string; event: 'paymentReceived' | 'notaryDocumentsReceived'; now: Date },
): Promise<{ status: string }> => {
  const [before] = await db
    .select({ status: primaryPurchases.status, method: primaryPurchases.method })
    .from(primaryPurchases)
    .where(eq(primaryPurchases.transactionId, input.transactionId));
  if (!before || before.method !== 'bankWire') throw new AppError('INVESTMENT_NOT_FOUND');
  if (!(OPEN as readonly string[]).includes(before.status)) throw new AppError('PURCHASE_NOT_AWAITING_WIRE');
  // The audit row commits with the change (the purchase's own transaction runs as a savepoint).
  const purchase = await db.transaction(async (tx) => {
    const changed = await recordBuilderOwnerEvent(tx, outbox, input);
    await writeAudit(tx, actor, {
      action: `purchase.${input.event}`,
      targetType: 'transaction',
      targetId: input.transactionId,
      before: { status: before.status },
      after: { status: changed.status },
    });
    return changed;
  });
  return { status: purchase.status };
};
