import type { ReinvestmentMandateView, ReinvestmentView } from '@bw/contracts';
import { assets, type Db, reinvestmentMandates, reinvestments } from '@bw/db';
import { DEFAULT_LOCALE, errorText } from '@bw/i18n';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { balanceOf } from '../../ledger/ledger.js';

export type MandateRow = typeof reinvestmentMandates.$inferSelect;
export type ReinvestmentRow = typeof reinvestments.$inferSelect;

const OPEN = ['pending', 'active'] as const;

/** The investor's pending or active mandate for an asset, locked for the caller's transaction. */
export const lockOpenMandate = async (tx: Db, userId: string, assetId: string): Promise<MandateRow | undefined> =>
  (
    await tx
      .select()
      .from(reinvestmentMandates)
      .where(
        and(
          eq(reinvestmentMandates.userId, userId),
          eq(reinvestmentMandates.assetId, assetId),
          inArray(reinvestmentMandates.status, [...OPEN]),
        ),
      )
      .for('update')
  )[0];

export const lockMandateBySigningRequest = async (tx: Db, requestId: string): Promise<MandateRow | undefined> =>
  (
    await tx
      .select()
      .from(reinvestmentMandates)
      .where(eq(reinvestmentMandates.signingRequestId, requestId))
      .for('update')
  )[0];

export const setMandateStatus = async (
  tx: Db,
  id: string,
  status: MandateRow['status'],
  now: Date,
): Promise<MandateRow | undefined> =>
  (
    await tx
      .update(reinvestmentMandates)
      .set(status === 'active' ? { status, activatedAt: now } : { status, endedAt: now })
      .where(eq(reinvestmentMandates.id, id))
      .returning()
  )[0];

/** Shares the investor holds of an asset now: free and reserved for an own sell offer. */
export const sharesHeld = async (tx: Db, userId: string, assetId: string): Promise<bigint> =>
  (await balanceOf(tx, { kind: 'user_shares', userId, assetId })) +
  (await balanceOf(tx, { kind: 'user_shares_held', userId, assetId }));

/** Of `userIds`, those with an active mandate for the asset (the run's reinvestment events). */
export const usersWithActiveMandate = async (tx: Db, assetId: string, userIds: string[]): Promise<Set<string>> => {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .select({ userId: reinvestmentMandates.userId })
    .from(reinvestmentMandates)
    .where(and(eq(reinvestmentMandates.assetId, assetId), eq(reinvestmentMandates.status, 'active')));
  const wanted = new Set(userIds);
  return new Set(rows.map((row) => row.userId).filter((id) => wanted.has(id)));
};

/**
 * Claims one distribution payment for the mandate: the row exists once per payment, so a second
 * delivery of the same event (also a concurrent one, which waits for the first commit) gets false.
 */
export const claimReinvestment = async (
  tx: Db,
  values: { distributionTransactionId: string; userId: string; assetId: string; netCents: bigint },
): Promise<boolean> => {
  const rows = await tx
    .insert(reinvestments)
    .values({ ...values, outcome: 'skipped', reason: 'IN_PROGRESS' })
    .onConflictDoNothing()
    .returning({ id: reinvestments.distributionTransactionId });
  return rows.length === 1;
};

export const finishReinvestment = async (
  tx: Db,
  distributionTransactionId: string,
  values: Pick<ReinvestmentRow, 'mandateId' | 'outcome' | 'reason' | 'shares' | 'spentCents'>,
): Promise<void> => {
  await tx
    .update(reinvestments)
    .set(values)
    .where(eq(reinvestments.distributionTransactionId, distributionTransactionId));
};

const iso = (value: Date | null): string | null => value?.toISOString() ?? null;

/** The German text of a skip reason (the error catalogue's message). */
export const reasonText = (code: string | null): string | null => {
  if (!code) return null;
  return errorText(code, DEFAULT_LOCALE) ?? 'Die Wiederanlage war nicht möglich.';
};

export const toReinvestmentView = (row: ReinvestmentRow): ReinvestmentView => ({
  distributionTransactionId: row.distributionTransactionId,
  assetId: row.assetId,
  outcome: row.outcome,
  reason: row.outcome === 'skipped' ? reasonText(row.reason) : null,
  netCents: row.netCents.toString(),
  shares: row.shares,
  spentCents: row.spentCents.toString(),
  createdAt: row.createdAt.toISOString(),
});

/** The investor's mandates (open ones and those ended in the last year), newest first. */
export const listMandates = async (tx: Db, userId: string): Promise<ReinvestmentMandateView[]> => {
  const rows = await tx
    .select({ mandate: reinvestmentMandates, assetTitle: assets.title })
    .from(reinvestmentMandates)
    .innerJoin(assets, eq(assets.id, reinvestmentMandates.assetId))
    .where(
      and(
        eq(reinvestmentMandates.userId, userId),
        sql`(${reinvestmentMandates.endedAt} IS NULL OR ${reinvestmentMandates.endedAt} > now() - interval '1 year')`,
      ),
    )
    .orderBy(desc(reinvestmentMandates.createdAt))
    .limit(200);
  return rows.map(({ mandate, assetTitle }) => ({
    id: mandate.id,
    assetId: mandate.assetId,
    assetTitle,
    status: mandate.status,
    maxPricePerShareCents: mandate.maxPricePerShareCents.toString(),
    acknowledgedAppropriateness: mandate.acknowledgedAppropriateness,
    signingRequestId: mandate.signingRequestId,
    createdAt: mandate.createdAt.toISOString(),
    activatedAt: iso(mandate.activatedAt),
    endedAt: iso(mandate.endedAt),
  }));
};

export const listReinvestments = async (tx: Db, userId: string): Promise<ReinvestmentView[]> =>
  (
    await tx
      .select()
      .from(reinvestments)
      .where(eq(reinvestments.userId, userId))
      .orderBy(desc(reinvestments.createdAt))
      .limit(50)
  ).map(toReinvestmentView);
