import type { ProviderReconciliationCase } from '@bw/contracts';
import { type Db, reconciliationCases, users } from '@bw/db';
import { and, asc, desc, eq } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, writeAudit } from '../../../platform/audit.js';

const MAX_LISTED = 200;

type CaseRow = typeof reconciliationCases.$inferSelect;

const viewOf = (row: CaseRow, email: string | null): ProviderReconciliationCase => ({
  id: row.id,
  runDay: row.runDay,
  walletRef: row.walletRef,
  providerWalletId: row.providerWalletId,
  userId: row.userId,
  email,
  ledgerCents: row.ledgerCents.toString(),
  providerCents: row.providerCents.toString(),
  differenceCents: row.differenceCents.toString(),
  status: row.status === 'resolved' ? 'resolved' : 'open',
  openedAt: row.openedAt.toISOString(),
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
});

/** The reconciliation's cases (issue 38): open ones first (oldest first), then the latest resolved. */
export const listProviderReconciliationCases = async (db: Db): Promise<ProviderReconciliationCase[]> => {
  const rows = await db
    .select({ row: reconciliationCases, email: users.email })
    .from(reconciliationCases)
    .leftJoin(users, eq(users.id, reconciliationCases.userId))
    .orderBy(desc(eq(reconciliationCases.status, 'open')), asc(reconciliationCases.openedAt))
    .limit(MAX_LISTED);
  const open = rows.filter(({ row }) => row.status === 'open');
  const resolved = rows
    .filter(({ row }) => row.status !== 'open')
    .sort((a, b) => (b.row.resolvedAt?.getTime() ?? 0) - (a.row.resolvedAt?.getTime() ?? 0));
  return [...open, ...resolved].map(({ row, email }) => viewOf(row, email));
};

/**
 * Marks an open case resolved with the staff member's note; the audit log keeps who, when and why.
 * Nothing in the ledger changes here: a correction, if one is needed, is booked as one (corrections).
 */
export const resolveProviderReconciliationCase = (
  db: Db,
  actor: Actor,
  input: { id: string; note: string; now: Date },
): Promise<ProviderReconciliationCase> =>
  db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(reconciliationCases)
      .where(eq(reconciliationCases.id, input.id))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND');
    if (before.status !== 'open') throw new AppError('CONFLICT');
    const [after] = await tx
      .update(reconciliationCases)
      .set({ status: 'resolved', resolvedAt: input.now })
      .where(and(eq(reconciliationCases.id, input.id), eq(reconciliationCases.status, 'open')))
      .returning();
    if (!after) throw new AppError('CONFLICT');
    await writeAudit(tx, actor, {
      action: 'reconciliation_case.resolve',
      targetType: 'reconciliation_case',
      targetId: input.id,
      before: { status: before.status, differenceCents: before.differenceCents.toString() },
      after: { status: 'resolved', note: input.note },
    });
    const [user] = after.userId
      ? await tx.select({ email: users.email }).from(users).where(eq(users.id, after.userId))
      : [];
    return viewOf(after, user?.email ?? null);
  });
