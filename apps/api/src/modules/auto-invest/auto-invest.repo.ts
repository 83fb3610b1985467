import type { AutoInvestExecutionView, AutoInvestMandateView } from '@bw/contracts';
import {
  assetPricePoints,
  assets,
  autoInvestExecutions,
  autoInvestMandates,
  autoInvestMonths,
  bulletinOffers,
  type Db,
  ledgerAccounts,
  primaryPurchases,
} from '@bw/db';
import { type AutoInvestRules, lastPriceCents, marketValueCents, type ObjectType } from '@bw/domain';
import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { balanceOf } from '../../ledger/ledger.js';
import { OPEN_PURCHASE_STATUSES } from '../primary-market/primary-market.repo.js';
import { reasonText } from '../reinvestment/reinvestment.repo.js';

export type MandateRow = typeof autoInvestMandates.$inferSelect;

export const rulesOf = (row: MandateRow): AutoInvestRules => ({
  objectTypes: row.objectTypes as ObjectType[],
  countryCodes: row.countryCodes,
  minYieldBps: row.minYieldBps,
  maxPortfolioShareBps: row.maxPortfolioShareBps,
  maxDeviationBps: row.maxDeviationBps,
  markets: row.markets as AutoInvestRules['markets'],
});

/** A mandate of the investor, locked for the caller's transaction. */
export const lockMandate = async (tx: Db, mandateId: string, userId?: string): Promise<MandateRow | undefined> =>
  (
    await tx
      .select()
      .from(autoInvestMandates)
      .where(
        userId
          ? and(eq(autoInvestMandates.id, mandateId), eq(autoInvestMandates.userId, userId))
          : eq(autoInvestMandates.id, mandateId),
      )
      .for('update')
  )[0];

export const lockMandateBySigningRequest = async (tx: Db, requestId: string): Promise<MandateRow | undefined> =>
  (
    await tx.select().from(autoInvestMandates).where(eq(autoInvestMandates.signingRequestId, requestId)).for('update')
  )[0];

/** The investor's open (active or paused) mandate, locked. */
export const lockOpenMandate = async (tx: Db, userId: string): Promise<MandateRow | undefined> =>
  (
    await tx
      .select()
      .from(autoInvestMandates)
      .where(and(eq(autoInvestMandates.userId, userId), inArray(autoInvestMandates.status, ['active', 'paused'])))
      .for('update')
  )[0];

export const setMandateStatus = async (tx: Db, id: string, status: MandateRow['status'], now: Date): Promise<void> => {
  const ends = ['ended', 'replaced', 'rejected', 'expired'].includes(status);
  await tx
    .update(autoInvestMandates)
    .set(
      status === 'active'
        ? { status, activatedAt: sql`coalesce(${autoInvestMandates.activatedAt}, ${now})` }
        : ends
          ? { status, endedAt: now }
          : { status },
    )
    .where(eq(autoInvestMandates.id, id));
};

/** What the investor's auto-invest spent in a month, over all their mandates (a change carries it). */
export const spentInMonth = async (tx: Db, userId: string, month: string): Promise<bigint> =>
  BigInt(
    (
      await tx
        .select({ spent: sql<string>`coalesce(sum(${autoInvestMonths.spentCents}), 0)` })
        .from(autoInvestMonths)
        .where(and(eq(autoInvestMonths.userId, userId), eq(autoInvestMonths.month, month)))
    )[0]?.spent ?? '0',
  );

/** Adds a turn's spending to the mandate's month (the CHECK keeps it within the budget). */
export const addSpent = async (
  tx: Db,
  values: { mandateId: string; userId: string; month: string; budgetCents: bigint; spentCents: bigint },
): Promise<void> => {
  await tx
    .insert(autoInvestMonths)
    .values(values)
    .onConflictDoUpdate({
      target: [autoInvestMonths.mandateId, autoInvestMonths.month],
      set: { spentCents: sql`${autoInvestMonths.spentCents} + ${values.spentCents}` },
    });
};

export type ExecutionInsert = typeof autoInvestExecutions.$inferInsert;

/** Records a turn; a refusal only once per mandate, month, asset and reason (false when told before). */
export const recordExecution = async (tx: Db, row: ExecutionInsert): Promise<boolean> =>
  (await tx.insert(autoInvestExecutions).values(row).onConflictDoNothing().returning({ id: autoInvestExecutions.id }))
    .length === 1;

/**
 * Moves the mandate to the end of the rotation: the moment of this turn (`clock_timestamp()`, not
 * the run's time), so turns of one run keep their order in the next (ADR 0052).
 */
export const markServed = async (tx: Db, mandateId: string): Promise<Date> => {
  const [row] = await tx
    .update(autoInvestMandates)
    .set({ lastServedAt: sql`clock_timestamp()` })
    .where(eq(autoInvestMandates.id, mandateId))
    .returning({ at: autoInvestMandates.lastServedAt });
  if (!row?.at) throw new Error('the mandate was not marked served');
  return row.at;
};

/**
 * The investor's portfolio as the rules measure it (ADR 0052): the market value of the shares of
 * `assetId` (books at the last price, open purchases from the issuer at their amount), and the
 * wealth — every holding valued the same way plus the payment account's balance.
 */
export const portfolioOf = async (
  tx: Db,
  userId: string,
  assetId: string,
): Promise<{ assetValueCents: bigint; wealthCents: bigint }> => {
  const books = await tx
    .select({
      assetId: ledgerAccounts.assetId,
      shares: sql<string>`sum(${ledgerAccounts.balance})`,
      issuePrice: assets.pricePerShareCents,
      lastTrade: sql<
        string | null
      >`(SELECT p.price_per_share_cents FROM ${assetPricePoints} p WHERE p.asset_id = ${ledgerAccounts.assetId} ORDER BY p.traded_at DESC, p.id DESC LIMIT 1)`,
    })
    .from(ledgerAccounts)
    .innerJoin(assets, eq(assets.id, ledgerAccounts.assetId))
    .where(and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.kind, ['user_shares', 'user_shares_held'])))
    .groupBy(ledgerAccounts.assetId, assets.pricePerShareCents);
  const open = await tx
    .select({ assetId: primaryPurchases.assetId, amount: sql<string>`sum(${primaryPurchases.amountCents})` })
    .from(primaryPurchases)
    .where(and(eq(primaryPurchases.userId, userId), inArray(primaryPurchases.status, OPEN_PURCHASE_STATUSES)))
    .groupBy(primaryPurchases.assetId);
  let assetValueCents = 0n;
  let wealthCents = await balanceOf(tx, { kind: 'user_cash', userId });
  for (const book of books) {
    const price = lastPriceCents(book.lastTrade === null ? null : BigInt(book.lastTrade), book.issuePrice);
    const value = marketValueCents(BigInt(book.shares), price);
    wealthCents += value;
    if (book.assetId === assetId) assetValueCents += value;
  }
  for (const row of open) {
    wealthCents += BigInt(row.amount);
    if (row.assetId === assetId) assetValueCents += BigInt(row.amount);
  }
  return { assetValueCents, wealthCents };
};

/** The cheapest public sell offer on an asset another investor placed, or null. */
export const cheapestOfferCents = async (tx: Db, assetId: string, userId: string): Promise<bigint | null> =>
  (
    await tx
      .select({ price: bulletinOffers.pricePerShareCents })
      .from(bulletinOffers)
      .where(
        and(
          eq(bulletinOffers.assetId, assetId),
          eq(bulletinOffers.status, 'open'),
          eq(bulletinOffers.type, 'sell'),
          eq(bulletinOffers.visibility, 'bulletin'),
          gt(bulletinOffers.sharesRemaining, 0),
          ne(bulletinOffers.firstPartyUserId, userId),
        ),
      )
      .orderBy(asc(bulletinOffers.pricePerShareCents))
      .limit(1)
  )[0]?.price ?? null;

/** The supply of a run: assets in their financing phase with shares left, and assets with open public sell offers. */
export const listSupply = (tx: Db) =>
  tx
    .select({
      id: assets.id,
      title: assets.title,
      stage: assets.stage,
      objectType: assets.objectType,
      countryCode: assets.countryCode,
      yieldBps: assets.expectedOngoingDistributionBps,
      pricePerShareCents: assets.pricePerShareCents,
    })
    .from(assets)
    .where(
      sql`(${assets.stage} = 'primary' AND ${assets.availableShares} > 0) OR (${assets.stage} = 'secondary' AND EXISTS (SELECT 1 FROM ${bulletinOffers} o WHERE o.asset_id = ${assets.id} AND o.status = 'open' AND o.type = 'sell' AND o.visibility = 'bulletin' AND o.shares_remaining > 0))`,
    )
    .orderBy(asc(assets.id));

/** Every active mandate (the rotation's entries). */
export const activeMandates = (tx: Db) =>
  tx
    .select()
    .from(autoInvestMandates)
    .where(eq(autoInvestMandates.status, 'active'))
    .orderBy(asc(autoInvestMandates.id));

const iso = (value: Date | null): string | null => value?.toISOString() ?? null;

/** The investor's mandates (open ones and those ended in the last year), newest first. */
export const listMandates = async (tx: Db, userId: string, month: string): Promise<AutoInvestMandateView[]> => {
  const rows = await tx
    .select()
    .from(autoInvestMandates)
    .where(
      and(
        eq(autoInvestMandates.userId, userId),
        sql`(${autoInvestMandates.endedAt} IS NULL OR ${autoInvestMandates.endedAt} > now() - interval '1 year')`,
      ),
    )
    .orderBy(desc(autoInvestMandates.createdAt))
    .limit(100);
  const spent = (await spentInMonth(tx, userId, month)).toString();
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    budgetCents: row.budgetCents.toString(),
    rules: {
      ...rulesOf(row),
      objectTypes: [...rulesOf(row).objectTypes],
      countryCodes: [...row.countryCodes],
      markets: [...rulesOf(row).markets],
    },
    acknowledgedAppropriateness: row.acknowledgedAppropriateness,
    accepted5kLimit: row.accepted5kLimit,
    signingRequestId: row.signingRequestId,
    replacesMandateId: row.replacesMandateId,
    spentThisMonthCents: spent,
    lastServedAt: iso(row.lastServedAt),
    createdAt: row.createdAt.toISOString(),
    activatedAt: iso(row.activatedAt),
    endedAt: iso(row.endedAt),
  }));
};

/** The last executions and refusals, newest first; one run's when `runId` is given. */
export const listAutoInvestExecutions = async (
  tx: Db,
  filter: { userId: string; runId?: string; mandateId?: string },
  limit = 100,
): Promise<AutoInvestExecutionView[]> =>
  (
    await tx
      .select({ execution: autoInvestExecutions, assetTitle: assets.title })
      .from(autoInvestExecutions)
      .innerJoin(assets, eq(assets.id, autoInvestExecutions.assetId))
      .where(
        and(
          eq(autoInvestExecutions.userId, filter.userId),
          filter.runId ? eq(autoInvestExecutions.runId, filter.runId) : undefined,
          filter.mandateId ? eq(autoInvestExecutions.mandateId, filter.mandateId) : undefined,
        ),
      )
      .orderBy(desc(autoInvestExecutions.createdAt), desc(autoInvestExecutions.id))
      .limit(limit)
  ).map(({ execution, assetTitle }) => ({
    id: execution.id,
    mandateId: execution.mandateId,
    month: execution.month,
    assetId: execution.assetId,
    assetTitle,
    market: execution.market,
    outcome: execution.outcome,
    reason: execution.outcome === 'refused' ? reasonText(execution.reason) : null,
    shares: execution.shares,
    spentCents: execution.spentCents.toString(),
    createdAt: execution.createdAt.toISOString(),
  }));
