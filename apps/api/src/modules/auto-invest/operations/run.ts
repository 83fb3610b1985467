import { randomUUID } from 'node:crypto';
import type { ErrorCode } from '@bw/contracts';
import type { Db } from '@bw/db';
import {
  type AutoInvestMarket,
  autoInvestMatches,
  autoInvestPriceLimit,
  autoInvestTurnBudget,
  costWithFee,
  monthOfDate,
  type ObjectType,
  portfolioRoomCents,
  rotateTurns,
  viennaDate,
} from '@bw/domain';
import type { Outbox } from '../../../jobs/outbox.js';
import { transactionThen } from '../../../lib/after-commit.js';
import { AppError } from '../../../lib/app-error.js';
import { withDeadlockRetry } from '../../../lib/deadlock-retry.js';
import type { SettlementRegistry } from '../../../platform/settlements.js';
import { averagePrice30Days } from '../../bulletin-board/bulletin-board.repo.js';
import { loadTrader } from '../../bulletin-board/operations/create-offer.js';
import { autoInvestRunNotification } from '../../notifications/notification-texts.js';
import { notifyUser } from '../../notifications/notify-user.js';
import { buyUnderStandingOrder, type StandingOrderRefusals } from '../../reinvestment/operations/buy-under-mandate.js';
import {
  activeMandates,
  addSpent,
  cheapestOfferCents,
  listAutoInvestExecutions,
  listSupply,
  lockMandate,
  markServed,
  portfolioOf,
  recordExecution,
  rulesOf,
  spentInMonth,
} from '../auto-invest.repo.js';

const REFUSALS: StandingOrderRefusals = {
  nothingOffered: 'AUTO_INVEST_NOTHING_OFFERED',
  tooSmall: 'AUTO_INVEST_BUDGET_USED',
  priceDeviation: 'AUTO_INVEST_PRICE_DEVIATION',
};

type SupplyAsset = {
  id: string;
  market: AutoInvestMarket;
  pricePerShareCents: bigint;
  averageCents: bigint | null;
};

/** What one turn did: bought (stays in the rotation, served at `servedAt`), or why it leaves the rotation. */
export type TurnOutcome =
  | { kind: 'bought'; servedAt: Date }
  | { kind: 'refused' | 'budget-used' | 'nothing-offered' | 'inactive' };
const done = (kind: 'refused' | 'budget-used' | 'nothing-offered' | 'inactive'): TurnOutcome => ({ kind });

/**
 * One investor's turn on one asset (ADR 0052), in its own transaction: the mandate locked and
 * active, the month's budget left (over all the investor's mandates), the room the portfolio limit
 * leaves, then at most one unit bought through the buy path of every purchase
 * (`buyUnderStandingOrder`: the trade rules of ADR 0040, holds, fees, postings) approved under the
 * signed mandate. A refusal rolls the purchase back and is recorded with its reason, once a month.
 */
export const autoInvestTurn = (
  db: Db,
  outbox: Outbox,
  settlements: SettlementRegistry,
  input: { mandateId: string; asset: SupplyAsset; month: string; runId: string; now: Date },
): Promise<TurnOutcome> =>
  withDeadlockRetry(() =>
    transactionThen(db, async (tx) => {
      const { asset, month, runId, now } = input;
      const mandate = await lockMandate(tx, input.mandateId);
      if (mandate?.status !== 'active') return done('inactive');
      const rules = rulesOf(mandate);
      const base = {
        mandateId: mandate.id,
        userId: mandate.userId,
        runId,
        month,
        assetId: asset.id,
        market: asset.market,
      };
      const refuse = async (reason: ErrorCode, budgetCents = 0n): Promise<TurnOutcome> => {
        await recordExecution(tx, { ...base, outcome: 'refused', reason, budgetCents });
        return done('refused');
      };
      const limit = autoInvestPriceLimit(rules, asset.market, asset.averageCents);
      if (!limit) return refuse('AUTO_INVEST_NO_AVERAGE');
      let price = asset.pricePerShareCents;
      if (asset.market === 'secondary') {
        const cheapest = await cheapestOfferCents(tx, asset.id, mandate.userId);
        if (cheapest === null) return done('nothing-offered');
        if (limit.limitCents !== null && cheapest > limit.limitCents) return refuse('AUTO_INVEST_PRICE_DEVIATION');
        price = cheapest;
      }
      const { transactionFeeBps } = await loadTrader(tx, mandate.userId);
      const remainingCents = mandate.budgetCents - (await spentInMonth(tx, mandate.userId, month));
      if (remainingCents < costWithFee(1, price, transactionFeeBps)) return done('budget-used');
      const roomCents = portfolioRoomCents({
        ...(await portfolioOf(tx, mandate.userId, asset.id)),
        maxPortfolioShareBps: rules.maxPortfolioShareBps,
      });
      const budgetCents = autoInvestTurnBudget({
        remainingCents,
        roomCents,
        pricePerShareCents: price,
        feeBps: transactionFeeBps,
      });
      if (budgetCents === 0n) return refuse('AUTO_INVEST_PORTFOLIO_SHARE_REACHED');
      let bought: { shares: number; spentCents: bigint };
      try {
        bought = await tx.transaction((savepoint) =>
          buyUnderStandingOrder(
            savepoint,
            outbox,
            settlements,
            {
              userId: mandate.userId,
              assetId: asset.id,
              maxPricePerShareCents: limit.limitCents,
              acknowledgedAppropriateness: mandate.acknowledgedAppropriateness,
              acceptedWarnings: mandate.accepted5kLimit ? ['Accepted5KLimit'] : [],
              signingRequestId: mandate.signingRequestId,
            },
            REFUSALS,
            budgetCents,
            now,
          ),
        );
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.code === 'AUTO_INVEST_NOTHING_OFFERED') return done('nothing-offered');
        return refuse(error.code, budgetCents);
      }
      await addSpent(tx, {
        mandateId: mandate.id,
        userId: mandate.userId,
        month,
        budgetCents: mandate.budgetCents,
        spentCents: bought.spentCents,
      });
      await recordExecution(tx, {
        ...base,
        outcome: 'bought',
        budgetCents,
        shares: bought.shares,
        spentCents: bought.spentCents,
      });
      return { kind: 'bought', servedAt: await markServed(tx, mandate.id) };
    }),
  );

/** A run's executions for the inbox: the turns on one asset added up, each refusal with its reason. */
const linesOfRun = (executions: Awaited<ReturnType<typeof listAutoInvestExecutions>>) => {
  const lines = new Map<
    string,
    { assetTitle: string; bought: boolean; shares: number; spentCents: bigint; reasonText: string | null }
  >();
  for (const one of [...executions].reverse()) {
    const key = one.outcome === 'bought' ? `bought:${one.assetId}` : one.id;
    const line = lines.get(key) ?? {
      assetTitle: one.assetTitle,
      bought: one.outcome === 'bought',
      shares: 0,
      spentCents: 0n,
      reasonText: one.reason,
    };
    lines.set(key, { ...line, shares: line.shares + one.shares, spentCents: line.spentCents + BigInt(one.spentCents) });
  }
  return [...lines.values()];
};

/**
 * One run of the auto-invest job (issue 40, ADR 0052): for each asset on offer (financing phases
 * with shares left, public sell offers), the active mandates whose rules match take turns in the
 * rotation — least recently served first, ties by the mandate's id — each buying at most one unit
 * per turn, round after round, until the supply or their budgets are used. Then one inbox entry per
 * mandate says what this run bought and refused, and why.
 */
export const runAutoInvest = async (
  db: Db,
  outbox: Outbox,
  settlements: SettlementRegistry,
  now: Date = new Date(),
  /** Tests walk through months without moving the clock of the purchases. */
  options: { runId?: string; month?: string } = {},
): Promise<{ turns: number; bought: number; refused: number; notified: number }> => {
  const runId = options.runId ?? randomUUID();
  const month = options.month ?? monthOfDate(viennaDate(now));
  const mandates = await activeMandates(db);
  const servedAt = new Map(mandates.map((one) => [one.id, one.lastServedAt]));
  const budgetUsed = new Set<string>();
  const touched = new Map<string, string>();
  const counts = { turns: 0, bought: 0, refused: 0, notified: 0 };
  for (const row of await listSupply(db)) {
    const market: AutoInvestMarket = row.stage === 'primary' ? 'primary' : 'secondary';
    const candidate = {
      market,
      objectType: row.objectType as ObjectType,
      countryCode: row.countryCode,
      yieldBps: row.yieldBps,
    };
    const matching = mandates.filter((one) => !budgetUsed.has(one.id) && autoInvestMatches(rulesOf(one), candidate));
    if (matching.length === 0) continue;
    const asset: SupplyAsset = {
      id: row.id,
      market,
      pricePerShareCents: row.pricePerShareCents,
      averageCents: market === 'secondary' ? await averagePrice30Days(db, row.id, now.getTime()) : null,
    };
    await rotateTurns(
      matching.map((one) => ({ id: one.id, userId: one.userId, lastServedAt: servedAt.get(one.id) ?? null })),
      async (entry) => {
        counts.turns += 1;
        const outcome = await autoInvestTurn(db, outbox, settlements, {
          mandateId: entry.id,
          asset,
          month,
          runId,
          now,
        });
        if (outcome.kind === 'bought' || outcome.kind === 'refused') touched.set(entry.id, entry.userId);
        if (outcome.kind === 'bought') {
          counts.bought += 1;
          servedAt.set(entry.id, outcome.servedAt);
          return 'served';
        }
        if (outcome.kind === 'refused') counts.refused += 1;
        if (outcome.kind === 'budget-used') budgetUsed.add(entry.id);
        // Nothing left in the financing phase is nothing left for anyone; on the bulletin board the
        // next investor may have another price limit or may not own the offer.
        return outcome.kind === 'nothing-offered' && market === 'primary' ? 'exhausted' : 'done';
      },
    );
  }
  for (const [mandateId, userId] of touched) {
    const lines = await listAutoInvestExecutions(db, { userId, runId, mandateId }, 1_000);
    if (lines.length === 0) continue;
    const id = await db.transaction((tx) =>
      notifyUser(
        tx,
        outbox,
        autoInvestRunNotification({
          userId,
          mandateId,
          runId,
          lines: linesOfRun(lines),
        }),
      ),
    );
    if (id) counts.notified += 1;
  }
  return counts;
};
