import { assets, type Db } from '@bw/db';
import { eq } from 'drizzle-orm';
import type { Outbox } from '../../../jobs/outbox.js';
import { transactionThen } from '../../../lib/after-commit.js';
import { AppError } from '../../../lib/app-error.js';
import type { SettlementRegistry } from '../../../platform/settlements.js';
import { notifyInvestor } from '../../notifications/investor-events.js';
import {
  claimReinvestment,
  finishReinvestment,
  lockOpenMandate,
  type MandateRow,
  reasonText,
} from '../reinvestment.repo.js';
import { type Bought, buyUnderStandingOrder, type StandingOrderRefusals } from './buy-under-mandate.js';

export type ReinvestPayment = { userId: string; assetId: string; transactionId: string; netCents: bigint };

const REFUSALS: StandingOrderRefusals = {
  nothingOffered: 'REINVESTMENT_NO_SHARES_OFFERED',
  tooSmall: 'REINVESTMENT_AMOUNT_TOO_SMALL',
  priceDeviation: 'REINVESTMENT_PRICE_DEVIATION',
};

/** The mandate as a standing order: its price limit, no 5,000 € confirmation (ADR 0040). */
const buyShares = (
  tx: Db,
  outbox: Outbox,
  settlements: SettlementRegistry,
  mandate: MandateRow,
  budgetCents: bigint,
  now: Date,
) =>
  buyUnderStandingOrder(
    tx,
    outbox,
    settlements,
    {
      userId: mandate.userId,
      assetId: mandate.assetId,
      maxPricePerShareCents: mandate.maxPricePerShareCents,
      acknowledgedAppropriateness: mandate.acknowledgedAppropriateness,
      acceptedWarnings: [],
      signingRequestId: mandate.signingRequestId,
    },
    REFUSALS,
    budgetCents,
    now,
  );

/**
 * Reinvests one distribution payment under the investor's active mandate (issue 22, ADR 0034):
 * whole shares of the same asset for at most the net amount, bought with the operations the
 * investor triggers (purchase from the issuer in the financing phase, the cheapest public sell
 * offers within the price limit in the trading phase), each approved under the signed mandate;
 * the remainder stays as cash. Once per payment (`reinvestments` row); when nothing can be
 * bought (no shares offered, the amount too small, appropriateness, limits, no security app) the
 * purchases roll back to a savepoint, the payment is marked skipped and the investor is told why.
 */
export const reinvestPayment = (
  db: Db,
  outbox: Outbox,
  settlements: SettlementRegistry,
  payment: ReinvestPayment,
  now: Date = new Date(),
): Promise<'bought' | 'skipped' | 'done-before'> =>
  transactionThen(db, async (tx) => {
    if (!(await claimReinvestment(tx, { ...payment, distributionTransactionId: payment.transactionId })))
      return 'done-before';
    const mandate = await lockOpenMandate(tx, payment.userId, payment.assetId);
    if (mandate?.status !== 'active') {
      // Revoked between the run and this job: nothing to do, nothing to tell.
      await finishReinvestment(tx, payment.transactionId, {
        mandateId: mandate?.id ?? null,
        outcome: 'skipped',
        reason: 'REINVESTMENT_MANDATE_NOT_FOUND',
        shares: 0,
        spentCents: 0n,
      });
      return 'skipped';
    }
    let outcome: { bought: Bought } | { reason: string };
    try {
      outcome = {
        bought: await tx.transaction((savepoint) =>
          buyShares(savepoint, outbox, settlements, mandate, payment.netCents, now),
        ),
      };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcome = { reason: error.code };
    }
    const bought = 'bought' in outcome ? outcome.bought : null;
    await finishReinvestment(tx, payment.transactionId, {
      mandateId: mandate.id,
      outcome: bought ? 'bought' : 'skipped',
      reason: 'reason' in outcome ? outcome.reason : null,
      shares: bought?.shares ?? 0,
      spentCents: bought?.spentCents ?? 0n,
    });
    const [asset] = await tx.select({ title: assets.title }).from(assets).where(eq(assets.id, payment.assetId));
    await notifyInvestor(tx, outbox, {
      kind: 'reinvestment.done',
      userId: payment.userId,
      transactionId: payment.transactionId,
      assetId: payment.assetId,
      assetTitle: asset?.title ?? payment.assetId,
      bought,
      reasonText: 'reason' in outcome ? reasonText(outcome.reason) : null,
    });
    return bought ? 'bought' : 'skipped';
  });
