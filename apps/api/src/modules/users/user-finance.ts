import type { UserFinance } from '@bw/contracts';
import { type Db, queryRows } from '@bw/db';
import { closedFinance, type ShareTrade } from '@bw/domain';
import { sql } from 'drizzle-orm';

/**
 * The user's settled share trades (spec section 3, User `finance`): settled purchases from the issuer
 * and completed bulletin-board trades on either side, each with its own side's fee.
 */
export const settledShareTrades = async (db: Db, userId: string): Promise<ShareTrade[]> => {
  const rows = await queryRows<{
    asset_id: string;
    side: 'buy' | 'sell';
    shares: number;
    volume: string;
    fee: string;
    bonus: string;
    at: string | Date;
  }>(
    db,
    sql`SELECT asset_id, 'buy' AS side, shares, amount_cents::text AS volume, fee_cents::text AS fee,
        bonus_cents::text AS bonus, created_at AS at
      FROM primary_purchases WHERE user_id = ${userId}::uuid AND status = 'settled'
      UNION ALL
      SELECT asset_id, CASE WHEN buyer_user_id = ${userId}::uuid THEN 'buy' ELSE 'sell' END, shares_count,
        volume_cents::text, (CASE WHEN buyer_user_id = ${userId}::uuid THEN buyer_fee_cents ELSE seller_fee_cents END)::text,
        '0', coalesce(completed_at, created_at)
      FROM bulletin_trades
      WHERE status = 'completed' AND (buyer_user_id = ${userId}::uuid OR seller_user_id = ${userId}::uuid)`,
  );
  return rows.map((row) => ({
    assetId: row.asset_id,
    side: row.side,
    shares: Number(row.shares),
    volumeCents: BigInt(row.volume),
    feeCents: BigInt(row.fee),
    bonusCents: BigInt(row.bonus),
    at: new Date(row.at),
  }));
};

/** `finance (closedAmount, closedProfit)` of the user, by the domain's one definition. */
export const userFinanceOf = async (db: Db, userId: string): Promise<UserFinance> => {
  const { closedAmountCents, closedProfitCents } = closedFinance(await settledShareTrades(db, userId));
  return { closedAmount: closedAmountCents.toString(), closedProfit: closedProfitCents.toString() };
};
