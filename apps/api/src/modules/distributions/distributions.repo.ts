import {
  arrayParam,
  assetIncome,
  assetIncomeDocuments,
  assets,
  type Db,
  distributionProposals,
  distributionRuns,
  queryRows,
  transactions,
} from '@bw/db';
import { type InvestorTaxFacts, isGermanState, type TaxLineCents } from '@bw/domain';
import { and, asc, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { shareHoldingsBefore } from '../../ledger/ledger.repo.js';

/** The SQL of distributions (issue 22, ADR 0025); every function takes the caller's transaction. */

const DAY_MS = 86_400_000;

export type RunRow = typeof distributionRuns.$inferSelect;
export type IncomeRow = typeof assetIncome.$inferSelect;

/** Serialises runs of one asset: a second run of the same period waits and then finds the first. */
export const lockAssetDistributions = async (tx: Db, assetId: string): Promise<void> => {
  await queryRows(tx, sql`SELECT pg_advisory_xact_lock(hashtext(${`distribution:${assetId}`})) AS locked`);
};

export const findRun = async (tx: Db, assetId: string, periodKey: string): Promise<RunRow | undefined> =>
  (
    await tx
      .select()
      .from(distributionRuns)
      .where(and(eq(distributionRuns.assetId, assetId), eq(distributionRuns.periodKey, periodKey)))
  )[0];

export const findAssetForDistribution = async (tx: Db, assetId: string) =>
  (
    await tx
      .select({
        id: assets.id,
        title: assets.title,
        securityType: assets.securityType,
        spvCountryCode: assets.spvCountryCode,
        totalShares: assets.totalShares,
        distributionFrequency: assets.distributionFrequency,
      })
      .from(assets)
      .where(eq(assets.id, assetId))
  )[0];

/**
 * The recorded, not yet distributed incomes a run of [start, end] pays: those whose period lies
 * inside it, and those carried over (issue 35): recorded for an earlier period whose run had already
 * paid when they arrived. An income of an earlier period that has no run yet waits for that run.
 */
const payableIncomes = (assetId: string, start: string, end: string) =>
  and(
    eq(assetIncome.assetId, assetId),
    eq(assetIncome.status, 'recorded'),
    lte(assetIncome.periodEnd, end),
    or(
      gte(assetIncome.periodStart, start),
      sql`EXISTS (SELECT 1 FROM distribution_runs r WHERE r.asset_id = ${assetIncome.assetId}
        AND r.period_start <= ${assetIncome.periodStart} AND r.period_end >= ${assetIncome.periodEnd})`,
    ),
  );

export const lockUndistributedIncomes = (tx: Db, assetId: string, start: string, end: string) =>
  tx
    .select()
    .from(assetIncome)
    .where(payableIncomes(assetId, start, end))
    .orderBy(asc(assetIncome.createdAt))
    .for('update');

/** What a run of [start, end] would pay now, and the part of it carried over from paid periods. */
export const payableIncomeSums = async (
  db: Db,
  assetId: string,
  start: string,
  end: string,
): Promise<{ incomeCents: bigint; carriedCents: bigint }> => {
  const [row] = await db
    .select({
      income: sql<string>`coalesce(sum(${assetIncome.amountCents}), 0)::text`,
      carried: sql<string>`coalesce(sum(${assetIncome.amountCents}) FILTER (WHERE ${assetIncome.periodEnd} < ${start}), 0)::text`,
    })
    .from(assetIncome)
    .where(payableIncomes(assetId, start, end));
  return { incomeCents: BigInt(row?.income ?? '0'), carriedCents: BigInt(row?.carried ?? '0') };
};

/**
 * Each investor's shares of the asset at the end of `recordDate` (UTC), from the ledger: the sum of
 * every entry on the investor's share books (free and held) written before that moment. Shares held
 * for an open sell offer still belong to the seller; a purchase counts once it has settled.
 */
export const holdingsAt = (
  tx: Db,
  assetId: string,
  recordDate: string,
): Promise<{ userId: string; shares: bigint }[]> =>
  shareHoldingsBefore(tx, assetId, new Date(Date.parse(`${recordDate}T00:00:00.000Z`) + DAY_MS));

/** Church membership and state of each investor (ADR 0030); investors without an answer are non-members. */
export const investorTaxFacts = async (tx: Db, userIds: string[]): Promise<Map<string, InvestorTaxFacts>> => {
  const rows = userIds.length
    ? await queryRows<{ user_id: string; has_church_tax: boolean | null; church_tax_state: string | null }>(
        tx,
        sql`SELECT user_id::text AS user_id, has_church_tax, church_tax_state FROM personal_information
          WHERE user_id = ANY(${arrayParam(userIds)}::uuid[]) AND has_church_tax IS TRUE`,
      )
    : [];
  return new Map(
    rows.map((row) => [
      row.user_id,
      {
        hasChurchTax: row.has_church_tax,
        churchTaxState: isGermanState(row.church_tax_state) ? row.church_tax_state : null,
      },
    ]),
  );
};

export type PaymentRow = {
  userId: string;
  netCents: bigint;
  taxLines: TaxLineCents[];
};

/** One `rent` transaction per paid holder, in one statement; answers the ids by user. */
export const insertPaymentTransactions = async (
  tx: Db,
  input: { runId: string; assetId: string; fiscalPeriod: string; payments: PaymentRow[] },
): Promise<Map<string, string>> => {
  const { payments } = input;
  const rows = await queryRows<{ id: string; user_id: string }>(
    tx,
    sql`INSERT INTO transactions (user_id, asset_id, type, status, method, amount_cents, tax_lines, fiscal_period,
        payment_information, distribution_run_id)
      SELECT p.user_id, ${input.assetId}, 'rent', 'success', 'account', p.amount, p.tax_lines::jsonb,
        ${input.fiscalPeriod}, ${`rentalCredit:${input.assetId}`}, ${input.runId}::uuid
      FROM unnest(${arrayParam(payments.map((p) => p.userId))}::uuid[], ${arrayParam(payments.map((p) => p.netCents.toString()))}::bigint[],
        ${arrayParam(payments.map((p) => JSON.stringify(p.taxLines.map((l) => ({ taxType: l.taxType, amountCents: l.amountCents.toString() })))))}::text[])
        AS p (user_id, amount, tax_lines)
      RETURNING id::text AS id, user_id::text AS user_id`,
  );
  return new Map(rows.map((row) => [row.user_id, row.id]));
};

export const markIncomesDistributed = async (tx: Db, incomeIds: string[], runId: string): Promise<void> => {
  await tx
    .update(assetIncome)
    .set({ status: 'distributed', distributionRunId: runId })
    .where(and(inArray(assetIncome.id, incomeIds), eq(assetIncome.status, 'recorded')));
};

export const listIncomes = (db: Db, assetId: string) =>
  db.select().from(assetIncome).where(eq(assetIncome.assetId, assetId)).orderBy(desc(assetIncome.periodStart));

export const listIncomeDocuments = (db: Db, incomeIds: string[]) =>
  incomeIds.length
    ? db
        .select({
          id: assetIncomeDocuments.id,
          incomeId: assetIncomeDocuments.incomeId,
          fileName: assetIncomeDocuments.fileName,
          sizeBytes: assetIncomeDocuments.sizeBytes,
        })
        .from(assetIncomeDocuments)
        .where(inArray(assetIncomeDocuments.incomeId, incomeIds))
        .orderBy(asc(assetIncomeDocuments.createdAt))
    : Promise.resolve([]);

export const listRuns = (db: Db, assetId: string) =>
  db
    .select()
    .from(distributionRuns)
    .where(eq(distributionRuns.assetId, assetId))
    .orderBy(desc(distributionRuns.createdAt));

/** Every distribution payment of an investor in a calendar year (UTC), with its asset's title. */
export const paymentsOfYear = async (db: Db, userId: string, year: number) =>
  db
    .select({
      transactionId: transactions.id,
      assetId: transactions.assetId,
      title: assets.title,
      spvCountryCode: assets.spvCountryCode,
      netCents: transactions.amountCents,
      taxLines: transactions.taxLines,
      fiscalPeriod: transactions.fiscalPeriod,
      paidAt: transactions.createdAt,
    })
    .from(transactions)
    .leftJoin(assets, eq(assets.id, transactions.assetId))
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.type, 'rent'),
        eq(transactions.status, 'success'),
        sql`${transactions.distributionRunId} IS NOT NULL`,
        sql`${transactions.createdAt} >= make_timestamptz(${year}, 1, 1, 0, 0, 0, 'UTC')`,
        sql`${transactions.createdAt} < make_timestamptz(${year + 1}, 1, 1, 0, 0, 0, 'UTC')`,
      ),
    )
    .orderBy(asc(transactions.createdAt));

/** The years in which the investor received distributions, newest first. */
export const yearsWithPayments = async (db: Db, userId: string): Promise<number[]> =>
  (
    await queryRows<{ year: number }>(
      db,
      sql`SELECT DISTINCT extract(year FROM created_at AT TIME ZONE 'UTC')::int AS year FROM transactions
        WHERE user_id = ${userId}::uuid AND type = 'rent' AND status = 'success' AND distribution_run_id IS NOT NULL
        ORDER BY year DESC`,
    )
  ).map((row) => Number(row.year));

export type ProposalRow = typeof distributionProposals.$inferSelect;

export const listProposals = (db: Db, assetId: string) =>
  db
    .select()
    .from(distributionProposals)
    .where(eq(distributionProposals.assetId, assetId))
    .orderBy(desc(distributionProposals.proposedAt));

/** The open or approved proposal of (asset, period), if any. */
export const findLiveProposal = async (tx: Db, assetId: string, periodKey: string) =>
  (
    await tx
      .select()
      .from(distributionProposals)
      .where(
        and(
          eq(distributionProposals.assetId, assetId),
          eq(distributionProposals.periodKey, periodKey),
          sql`${distributionProposals.status} <> 'declined'`,
        ),
      )
  )[0];

export const lockProposal = async (tx: Db, assetId: string, proposalId: string) =>
  (
    await tx
      .select()
      .from(distributionProposals)
      .where(and(eq(distributionProposals.id, proposalId), eq(distributionProposals.assetId, assetId)))
      .for('update')
  )[0];

export const findRunById = async (db: Db, runId: string) =>
  (await db.select().from(distributionRuns).where(eq(distributionRuns.id, runId)))[0];
