import { assets, bulletinTrades, type Db } from '@bw/db';
import { affordableShares, classifyPriceWarning, costWithFee, priceWarningSatisfied } from '@bw/domain';
import { eq } from 'drizzle-orm';
import type { Outbox } from '../../../jobs/outbox.js';
import { transactionThen } from '../../../lib/after-commit.js';
import { AppError } from '../../../lib/app-error.js';
import { averagePrice30Days, listOpenOffers } from '../../bulletin-board/bulletin-board.repo.js';
import { loadTrader } from '../../bulletin-board/operations/create-offer.js';
import { takeOffer } from '../../bulletin-board/operations/take-offer.js';
import { notifyInvestor } from '../../notifications/investor-events.js';
import { initInvestment } from '../../primary-market/operations/init-investment.js';
import { loadPurchaseFacts } from '../../primary-market/primary-market.repo.js';
import { approveUnderMandate } from '../../security-app/signing-requests.js';
import {
  claimReinvestment,
  finishReinvestment,
  lockOpenMandate,
  type MandateRow,
  reasonText,
} from '../reinvestment.repo.js';

export type ReinvestPayment = { userId: string; assetId: string; transactionId: string; netCents: bigint };
type Bought = { shares: number; spentCents: bigint };

/** How many cheapest sell offers one reinvestment looks at. */
const OFFERS_LOOKED_AT = 50;

/** Financing phase: one purchase from the issuer, the same operation the investor triggers. */
const buyFromIssuer = async (tx: Db, mandate: MandateRow, budgetCents: bigint, now: Date): Promise<Bought> => {
  const facts = await loadPurchaseFacts(tx, mandate.userId, mandate.assetId);
  const asset = facts?.asset;
  if (!asset) throw new AppError('ASSET_NOT_FOUND');
  if (asset.pricePerShareCents > mandate.maxPricePerShareCents) throw new AppError('REINVESTMENT_NO_SHARES_OFFERED');
  if (asset.availableShares <= 0) throw new AppError('REINVESTMENT_NO_SHARES_OFFERED');
  const feeBps = facts.feeBps ?? 0;
  const shares = affordableShares({
    budgetCents,
    pricePerShareCents: asset.pricePerShareCents,
    feeBps,
    limit: asset.availableShares,
  });
  if (shares === 0) throw new AppError('REINVESTMENT_AMOUNT_TOO_SMALL');
  const purchase = await initInvestment(tx, {
    userId: mandate.userId,
    assetId: mandate.assetId,
    shares,
    acceptedWarnings: [],
    acknowledgedAppropriateness: mandate.acknowledgedAppropriateness,
    useBonus: false,
    idempotencyKey: null,
    now,
  });
  await approveUnderMandate(tx, {
    userId: mandate.userId,
    requestId: purchase.signingRequestId,
    mandateRequestId: mandate.signingRequestId,
    now,
  });
  return { shares, spentCents: BigInt(purchase.total) };
};

/** Trading phase: the cheapest public sell offers within the price limit, each taken as the investor would. */
const buyOnBulletinBoard = async (
  tx: Db,
  outbox: Outbox,
  mandate: MandateRow,
  budgetCents: bigint,
  now: Date,
): Promise<Bought> => {
  const taker = await loadTrader(tx, mandate.userId);
  const withinLimit = (
    await listOpenOffers(tx, {
      assetId: mandate.assetId,
      type: 'sell',
      visibilities: ['bulletin'],
      limit: OFFERS_LOOKED_AT,
    })
  ).filter(
    (offer) => offer.firstPartyUserId !== mandate.userId && offer.pricePerShareCents <= mandate.maxPricePerShareCents,
  );
  if (withinLimit.length === 0) throw new AppError('REINVESTMENT_NO_SHARES_OFFERED');
  // A mandate gives no Accepted20PercentDifference (ADR 0040): offers more than 20 % off the 30-day
  // average are left for investors who confirm them; takeOffer would refuse them anyway.
  const average = await averagePrice30Days(tx, mandate.assetId, now.getTime());
  const offers = withinLimit.filter((offer) =>
    priceWarningSatisfied(classifyPriceWarning(offer.pricePerShareCents, average), []),
  );
  if (offers.length === 0) throw new AppError('REINVESTMENT_PRICE_DEVIATION');
  let bought: Bought = { shares: 0, spentCents: 0n };
  for (const offer of offers) {
    const shares = affordableShares({
      budgetCents: budgetCents - bought.spentCents,
      pricePerShareCents: offer.pricePerShareCents,
      feeBps: taker.transactionFeeBps,
      limit: offer.sharesRemaining,
    });
    // Offers come cheapest first: what does not buy one share here buys none further on.
    if (shares === 0) break;
    const { tradeId } = await takeOffer(tx, outbox, {
      userId: mandate.userId,
      offerId: offer.id,
      shares,
      acknowledgedAppropriateness: mandate.acknowledgedAppropriateness,
      idempotencyKey: null,
      now,
    });
    const [trade] = await tx.select().from(bulletinTrades).where(eq(bulletinTrades.id, tradeId));
    if (!trade?.secondPartySigningRequestId) throw new Error('a public trade asks the taker to sign');
    await approveUnderMandate(tx, {
      userId: mandate.userId,
      requestId: trade.secondPartySigningRequestId,
      mandateRequestId: mandate.signingRequestId,
      now,
    });
    bought = {
      shares: bought.shares + shares,
      spentCents: bought.spentCents + costWithFee(shares, offer.pricePerShareCents, taker.transactionFeeBps),
    };
  }
  if (bought.shares === 0) throw new AppError('REINVESTMENT_AMOUNT_TOO_SMALL');
  return bought;
};

const buyShares = async (tx: Db, outbox: Outbox, mandate: MandateRow, budgetCents: bigint, now: Date) => {
  const [asset] = await tx.select({ stage: assets.stage }).from(assets).where(eq(assets.id, mandate.assetId));
  if (asset?.stage === 'primary') return buyFromIssuer(tx, mandate, budgetCents, now);
  if (asset?.stage === 'secondary') return buyOnBulletinBoard(tx, outbox, mandate, budgetCents, now);
  throw new AppError('REINVESTMENT_NO_SHARES_OFFERED');
};

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
        bought: await tx.transaction((savepoint) => buyShares(savepoint, outbox, mandate, payment.netCents, now)),
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
