import type { ErrorCode } from '@bw/contracts';
import { assets, bulletinTrades, type Db } from '@bw/db';
import { affordableShares, classifyPriceWarning, costWithFee, priceWarningSatisfied } from '@bw/domain';
import { eq } from 'drizzle-orm';
import type { Outbox } from '../../../jobs/outbox.js';
import { AppError } from '../../../lib/app-error.js';
import type { SettlementRegistry } from '../../../platform/settlements.js';
import { averagePrice30Days, listOpenOffers } from '../../bulletin-board/bulletin-board.repo.js';
import { loadTrader } from '../../bulletin-board/operations/create-offer.js';
import { takeOffer } from '../../bulletin-board/operations/take-offer.js';
import { initInvestment } from '../../primary-market/operations/init-investment.js';
import { loadPurchaseFacts } from '../../primary-market/primary-market.repo.js';
import { approveUnderMandate } from '../../security-app/signing-requests.js';

/**
 * A purchase under a signed standing order (ADR 0034 reinvestment, ADR 0045 savings plan): the
 * investor's own operations — `initInvestment` in the financing phase, `takeOffer` on the cheapest
 * public sell offers in the trading phase — each approved under the signed standing order, so the
 * trade rules (ADR 0040), holds, fees, postings and notifications are those of a hand-made buy.
 */
export type StandingOrder = {
  userId: string;
  assetId: string;
  /** The highest price per share; null buys at any price (the 20 % rule still applies). */
  maxPricePerShareCents: bigint | null;
  acknowledgedAppropriateness: boolean;
  /** `Accepted5KLimit` when the standing order gave the 5,000 € confirmation once. */
  acceptedWarnings: readonly ('Accepted5KLimit' | 'Accepted20PercentDifference')[];
  /** The signed request of kind `mandate` or `savingsPlan`. */
  signingRequestId: string;
};

/** The refusal codes of the caller's domain. */
export type StandingOrderRefusals = { nothingOffered: ErrorCode; tooSmall: ErrorCode; priceDeviation: ErrorCode };

export type Bought = { shares: number; spentCents: bigint };

/** How many cheapest sell offers one purchase looks at. */
const OFFERS_LOOKED_AT = 50;

const withinLimit = (order: StandingOrder, priceCents: bigint) =>
  order.maxPricePerShareCents === null || priceCents <= order.maxPricePerShareCents;

/** Financing phase: one purchase from the issuer, the same operation the investor triggers. */
const buyFromIssuer = async (
  tx: Db,
  settlements: SettlementRegistry,
  order: StandingOrder,
  refusals: StandingOrderRefusals,
  budgetCents: bigint,
  now: Date,
): Promise<Bought> => {
  const facts = await loadPurchaseFacts(tx, order.userId, order.assetId);
  const asset = facts?.asset;
  if (!asset) throw new AppError('ASSET_NOT_FOUND');
  if (!withinLimit(order, asset.pricePerShareCents)) throw new AppError(refusals.nothingOffered);
  if (asset.availableShares <= 0) throw new AppError(refusals.nothingOffered);
  const feeBps = facts.feeBps ?? 0;
  const shares = affordableShares({
    budgetCents,
    pricePerShareCents: asset.pricePerShareCents,
    feeBps,
    limit: asset.availableShares,
  });
  if (shares === 0) throw new AppError(refusals.tooSmall);
  const purchase = await initInvestment(tx, {
    userId: order.userId,
    assetId: order.assetId,
    shares,
    acceptedWarnings: [...order.acceptedWarnings],
    acknowledgedAppropriateness: order.acknowledgedAppropriateness,
    useBonus: false,
    idempotencyKey: null,
    now,
  });
  await approveUnderMandate(tx, settlements, {
    userId: order.userId,
    requestId: purchase.signingRequestId,
    mandateRequestId: order.signingRequestId,
    now,
  });
  return { shares, spentCents: BigInt(purchase.total) };
};

/** Trading phase: the cheapest public sell offers within the limit, each taken as the investor would. */
const buyOnBulletinBoard = async (
  tx: Db,
  outbox: Outbox,
  settlements: SettlementRegistry,
  order: StandingOrder,
  refusals: StandingOrderRefusals,
  budgetCents: bigint,
  now: Date,
): Promise<Bought> => {
  const taker = await loadTrader(tx, order.userId);
  const candidates = (
    await listOpenOffers(tx, {
      assetId: order.assetId,
      type: 'sell',
      visibilities: ['bulletin'],
      limit: OFFERS_LOOKED_AT,
    })
  ).filter((offer) => offer.firstPartyUserId !== order.userId && withinLimit(order, offer.pricePerShareCents));
  if (candidates.length === 0) throw new AppError(refusals.nothingOffered);
  // A standing order gives no Accepted20PercentDifference (ADR 0040): offers more than 20 % off the
  // 30-day average are left for investors who confirm them; takeOffer would refuse them anyway.
  const average = await averagePrice30Days(tx, order.assetId, now.getTime());
  const offers = candidates.filter((offer) =>
    priceWarningSatisfied(classifyPriceWarning(offer.pricePerShareCents, average), []),
  );
  if (offers.length === 0) throw new AppError(refusals.priceDeviation);
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
      userId: order.userId,
      offerId: offer.id,
      shares,
      acceptedWarnings: order.acceptedWarnings.filter((warning) => warning === 'Accepted5KLimit'),
      acknowledgedAppropriateness: order.acknowledgedAppropriateness,
      idempotencyKey: null,
      now,
    });
    const [trade] = await tx.select().from(bulletinTrades).where(eq(bulletinTrades.id, tradeId));
    if (!trade?.secondPartySigningRequestId) throw new Error('a public trade asks the taker to sign');
    await approveUnderMandate(tx, settlements, {
      userId: order.userId,
      requestId: trade.secondPartySigningRequestId,
      mandateRequestId: order.signingRequestId,
      now,
    });
    bought = {
      shares: bought.shares + shares,
      spentCents: bought.spentCents + costWithFee(shares, offer.pricePerShareCents, taker.transactionFeeBps),
    };
  }
  if (bought.shares === 0) throw new AppError(refusals.tooSmall);
  return bought;
};

/** Buys whole shares for at most `budgetCents` under a signed standing order; throws the refusal. */
export const buyUnderStandingOrder = async (
  tx: Db,
  outbox: Outbox,
  settlements: SettlementRegistry,
  order: StandingOrder,
  refusals: StandingOrderRefusals,
  budgetCents: bigint,
  now: Date,
): Promise<Bought> => {
  const [asset] = await tx.select({ stage: assets.stage }).from(assets).where(eq(assets.id, order.assetId));
  if (asset?.stage === 'primary') return buyFromIssuer(tx, settlements, order, refusals, budgetCents, now);
  if (asset?.stage === 'secondary')
    return buyOnBulletinBoard(tx, outbox, settlements, order, refusals, budgetCents, now);
  throw new AppError(refusals.nothingOffered);
};
