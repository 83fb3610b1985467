import type { InvestmentsView } from '@bw/contracts';
import { assets, type Db, ledgerAccounts, transactions } from '@bw/db';
import { type CashFlow, lastPriceCents, marketValueCents, toBasisPoints, totalReturn, xirr } from '@bw/domain';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { findLastPricePoint } from '../../assets/assets.repo.js';
import { listPurchaseViews, OPEN_PURCHASE_STATUSES } from '../primary-market.repo.js';

/** The user's settled purchases, sales and distributions: the cash flows of the return figures. */
export const ownCashFlowRows = (db: Db, userId: string) =>
  db
    .select({
      assetId: transactions.assetId,
      paymentInformation: transactions.paymentInformation,
      amount: transactions.amountCents,
      type: transactions.type,
      feeCents: transactions.feeCents,
      bonusCents: transactions.bonusCents,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.status, 'success'),
        or(
          inArray(transactions.type, ['rent', 'buy', 'sell']),
          sql`${transactions.paymentInformation} LIKE 'rentalCredit:%'`,
        ),
      ),
    );

/**
 * What a purchase or sale put into the portfolio: a purchase its price and fee less its bonus, a
 * sale minus its proceeds after the fee (issue 22's cash flows, issue 27's invested capital).
 */
export const investedCents = (row: { type: string; amount: bigint; feeCents: bigint; bonusCents: bigint }): bigint =>
  row.type === 'buy'
    ? row.amount + row.feeCents - row.bonusCents
    : row.type === 'sell'
      ? -(row.amount - row.feeCents)
      : 0n;

/**
 * The investments screen (spec sections 2 and 4, "Processing of user data"): holdings from the
 * share books, with `availableShares` = shares not bound by an open sell offer (those sit in the
 * held book), collected rent per asset, open and past purchases from the issuer.
 */
export const getInvestments = async (db: Db, userId: string): Promise<InvestmentsView> => {
  const books = await db
    .select({ assetId: ledgerAccounts.assetId, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.kind, ['user_shares', 'user_shares_held'])));
  const byAsset = new Map<string, { free: bigint; held: bigint }>();
  for (const book of books) {
    if (!book.assetId || book.balance === 0n) continue;
    const entry = byAsset.get(book.assetId) ?? { free: 0n, held: 0n };
    if (book.kind === 'user_shares') entry.free += book.balance;
    else entry.held += book.balance;
    byAsset.set(book.assetId, entry);
  }
  const assetIds = [...byAsset.keys()];
  const assetRows = assetIds.length
    ? await db
        .select()
        .from(assets)
        .where(and(inArray(assets.id, assetIds), inArray(assets.stage, ['primary', 'secondary'])))
    : [];
  const rent = assetIds.length ? await ownCashFlowRows(db, userId) : [];
  const isRentFor = (row: (typeof rent)[number], assetId: string) =>
    (row.type === 'rent' && row.assetId === assetId) || row.paymentInformation === `rentalCredit:${assetId}`;
  const rentFor = (assetId: string): bigint =>
    rent.filter((row) => isRentFor(row, assetId)).reduce((sum, row) => sum + row.amount, 0n);
  /** The investor's own cash flows of an asset (issue 22): purchases out, sales and distributions in. */
  const flowsFor = (assetId: string): CashFlow[] =>
    rent
      .filter((row) => row.assetId === assetId || isRentFor(row, assetId))
      .map((row) => ({
        at: row.createdAt,
        cents: row.type === 'buy' || row.type === 'sell' ? -investedCents(row) : row.amount,
      }));
  const now = new Date();
  const returnsOf = (flows: CashFlow[]) => ({
    irrBps: toBasisPoints(xirr(flows)),
    totalReturnBps: toBasisPoints(totalReturn(flows)),
  });
  const allFlows: CashFlow[] = [];

  const lastTrades = new Map(
    await Promise.all(
      assetRows.map(async (asset) => [asset.id, (await findLastPricePoint(db, asset.id))?.pricePerShareCents] as const),
    ),
  );
  const holdings = assetRows
    .map((asset) => {
      const books = byAsset.get(asset.id) ?? { free: 0n, held: 0n };
      const shares = books.free + books.held;
      const price = lastPriceCents(lastTrades.get(asset.id), asset.pricePerShareCents);
      const value = marketValueCents(shares, price);
      return {
        assetId: asset.id,
        title: asset.title,
        image: asset.images[0] ?? null,
        stage: asset.stage,
        securityType: asset.securityType,
        shares: Number(shares),
        availableShares: Number(books.free),
        pricePerShare: price.toString(),
        value: value.toString(),
        collectedRent: rentFor(asset.id).toString(),
        ...(() => {
          const flows = [...flowsFor(asset.id), { at: now, cents: value }];
          allFlows.push(...flows);
          return returnsOf(flows);
        })(),
      };
    })
    .sort((a, b) => a.title.localeCompare(b.title, 'de'));
  const purchases = await listPurchaseViews(db, { userId });
  const open = new Set<string>(OPEN_PURCHASE_STATUSES);
  return {
    holdings,
    openPurchases: purchases.filter((purchase) => open.has(purchase.status)),
    pastPurchases: purchases.filter((purchase) => !open.has(purchase.status)),
    totalValue: holdings.reduce((sum, holding) => sum + BigInt(holding.value), 0n).toString(),
    collectedRent: holdings.reduce((sum, holding) => sum + BigInt(holding.collectedRent), 0n).toString(),
    ...returnsOf(allFlows),
  };
};
