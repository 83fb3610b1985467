import type { PortfolioHistoryView } from '@bw/contracts';
import { arrayParam, assets, type Db, queryRows } from '@bw/db';
import { type PortfolioEvent, portfolioHistory } from '@bw/domain';
import { inArray, sql } from 'drizzle-orm';
import { investedCents, ownCashFlowRows } from './investments-view.js';

/**
 * GET /api/v1/user/investments/history (issue 27): the portfolio's market value and invested capital
 * per day. Three reads: the user's share movements per posting and asset from the ledger (moves
 * between the free and the offer-bound book of one asset cancel out in the posting), the trade
 * prices of those assets, and the purchases and sales; the series is computed in packages/domain.
 */
export const getPortfolioHistory = async (
  db: Db,
  userId: string,
  nowMs = Date.now(),
): Promise<PortfolioHistoryView> => {
  const movements = await queryRows<{ asset_id: string; at: Date | string; shares: string }>(
    db,
    sql`SELECT a.asset_id, p.created_at AS at, sum(e.amount)::text AS shares
      FROM ledger_accounts a
      JOIN ledger_entries e ON e.account_id = a.id
      JOIN ledger_postings p ON p.id = e.posting_id
      WHERE a.user_id = ${userId} AND a.kind IN ('user_shares', 'user_shares_held')
      GROUP BY p.id, p.created_at, a.asset_id
      HAVING sum(e.amount) <> 0
      ORDER BY p.created_at, p.id`,
  );
  if (movements.length === 0) return { points: [] };
  const assetIds = [...new Set(movements.map((row) => row.asset_id))];
  const [prices, issue, flows] = await Promise.all([
    queryRows<{ asset_id: string; traded_at: Date | string; price: string }>(
      db,
      sql`SELECT asset_id, traded_at, price_per_share_cents::text AS price FROM asset_price_points
        WHERE asset_id = ANY(${arrayParam(assetIds)}::text[])
        ORDER BY traded_at, id`,
    ),
    db
      .select({ id: assets.id, pricePerShareCents: assets.pricePerShareCents })
      .from(assets)
      .where(inArray(assets.id, assetIds)),
    ownCashFlowRows(db, userId),
  ]);
  const ms = (value: Date | string) => new Date(value).getTime();
  const events: PortfolioEvent[] = [
    ...movements.map(
      (row): PortfolioEvent => ({
        kind: 'shares',
        atMs: ms(row.at),
        assetId: row.asset_id,
        shares: BigInt(row.shares),
      }),
    ),
    ...prices.map(
      (row): PortfolioEvent => ({
        kind: 'price',
        atMs: ms(row.traded_at),
        assetId: row.asset_id,
        priceCents: BigInt(row.price),
      }),
    ),
    ...flows.map(
      (row): PortfolioEvent => ({ kind: 'invested', atMs: row.createdAt.getTime(), cents: investedCents(row) }),
    ),
  ];
  const issuePrices = new Map(issue.map((row) => [row.id, row.pricePerShareCents]));
  return {
    points: portfolioHistory(events, issuePrices, nowMs).map((point) => ({
      date: point.date,
      valueCents: point.valueCents.toString(),
      investedCents: point.investedCents.toString(),
    })),
  };
};
