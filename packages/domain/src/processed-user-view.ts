import type { Cents } from './money.js';
import { debitedCentsOfPurchase, shownCentsOfMovement } from './money-figures.js';

/**
 * Spec section 4, "Processing of user data": the rules that turn a user's raw data (account,
 * assets, offers, transactions) into what the screens show. Pure; amounts in cents.
 */
export type ViewTransaction = {
  transactionId: string;
  assetId: string | null;
  type: 'buy' | 'sell' | 'charge' | 'payout' | 'rent' | 'bonus' | 'financing';
  status: string;
  amountCents: Cents;
  feeCents: Cents;
  bonusCents: Cents;
  /** User id of the sending party, where another user is involved. */
  senderUserId: string | null;
  receiverUserId: string | null;
  paymentInformation: string | null;
};

export type ViewOffer = {
  assetId: string;
  type: 'buy' | 'sell' | 'primary';
  status: 'new' | 'open' | 'accepted' | 'closed' | 'deleted';
  sharesCount: number;
  firstPartyUserId: string;
  secondPartyUserId: string | null;
};

export type ViewAsset = { assetId: string; stage: string; sharesCount: number };

export type RawUserData = {
  userId: string;
  accountAmountCents: Cents;
  assets: ViewAsset[];
  offers: ViewOffer[];
  transactions: ViewTransaction[];
};

export type ProcessedAsset = ViewAsset & { collectedRentCents: Cents; availableShares: number };

export type ProcessedUserView = {
  collectedRentCents: Cents;
  totalTransactionAmountCents: Cents;
  account: { amountCents: Cents; availableAmountCents: Cents };
  assets: ProcessedAsset[];
  transactions: ViewTransaction[];
};

/** Only assets in stage primary or secondary count. */
export const COUNTED_ASSET_STAGES: ReadonlySet<string> = new Set(['primary', 'secondary']);
/** Offer statuses that still bind shares. */
export const OPEN_OFFER_STATUSES: ReadonlySet<ViewOffer['status']> = new Set(['new', 'open', 'accepted']);
/** Buy statuses whose money is reserved but not yet taken from the displayed balance. */
export const RESERVING_BUY_STATUSES: ReadonlySet<string> = new Set(['pending', 'reserved']);
/** Payment information of a rental credit: `rentalCredit:<assetId>`. */
export const RENTAL_CREDIT_PREFIX = 'rentalCredit:';
/** Payment information of a purchase or sale settled on the bulletin board: `bulletinTrade:<tradeId>`. */
export const BULLETIN_TRADE_PREFIX = 'bulletinTrade:';

export const isRentalCreditFor = (transaction: ViewTransaction, assetId: string): boolean =>
  transaction.paymentInformation === `${RENTAL_CREDIT_PREFIX}${assetId}`;

/** collectedRent of one asset: its rent transactions plus rental credits for it. */
export const collectedRentForAsset = (transactions: ViewTransaction[], assetId: string): Cents =>
  transactions
    .filter(
      (transaction) =>
        (transaction.type === 'rent' && transaction.assetId === assetId) || isRentalCreditFor(transaction, assetId),
    )
    .reduce((sum, transaction) => sum + transaction.amountCents, 0n);

/** Shares minus own open sell offers, minus buy offers in which the user is the second party (the seller). */
export const availableSharesForAsset = (userId: string, asset: ViewAsset, offers: ViewOffer[]): number => {
  const bound = offers
    .filter((offer) => offer.assetId === asset.assetId && OPEN_OFFER_STATUSES.has(offer.status))
    .filter(
      (offer) =>
        (offer.type === 'sell' && offer.firstPartyUserId === userId) ||
        (offer.type === 'buy' && offer.secondPartyUserId === userId),
    )
    .reduce((sum, offer) => sum + offer.sharesCount, 0);
  return asset.sharesCount - bound;
};

/**
 * A buy received from another user is, for this user, a sale: the proceeds are the amount less
 * twice the fee (each side's fee), rounded to cents. Fees are whole cents already, so the
 * rounding is exact here.
 */
export const proceedsOfReceivedBuyLessTwiceFee = (amountCents: Cents, feeCents: Cents): Cents =>
  amountCents - 2n * feeCents;

/**
 * A buy is shown less any bonus (spec section 4) and with its fee: what it debited, the one figure
 * of a purchase (`debitedCentsOfPurchase`, issue 34).
 */
export const buyAmountLessBonus = (transaction: ViewTransaction): Cents => debitedCentsOfPurchase(transaction);

export const isBuyReceivedFromOtherUser = (userId: string, transaction: ViewTransaction): boolean =>
  transaction.type === 'buy' &&
  transaction.receiverUserId === userId &&
  transaction.senderUserId !== null &&
  transaction.senderUserId !== userId;

/** The transaction as the user sees it (spec section 4). */
export const displayTransaction = (userId: string, transaction: ViewTransaction): ViewTransaction => {
  if (isBuyReceivedFromOtherUser(userId, transaction)) {
    return {
      ...transaction,
      type: 'sell',
      amountCents: proceedsOfReceivedBuyLessTwiceFee(transaction.amountCents, transaction.feeCents),
    };
  }
  return { ...transaction, amountCents: shownCentsOfMovement(transaction) };
};

/**
 * The displayed balance: the raw amount plus pending or reserved own buys (less bonus), which the
 * payment provider has already taken but the purchase has not yet completed.
 */
export const displayedAmount = (userId: string, accountAmountCents: Cents, transactions: ViewTransaction[]): Cents =>
  transactions
    .filter(
      (transaction) =>
        transaction.type === 'buy' &&
        RESERVING_BUY_STATUSES.has(transaction.status) &&
        !isBuyReceivedFromOtherUser(userId, transaction),
    )
    .reduce((sum, transaction) => sum + buyAmountLessBonus(transaction), accountAmountCents);

/**
 * Spec section 4, processed user view `totalTransactionAmount` (not defined further by the spec):
 * the volume of the user's displayed buys and sells, each as the user sees it (buys less bonus,
 * sales received from another user as the proceeds).
 */
export const totalTransactionAmount = (displayed: readonly ViewTransaction[]): Cents =>
  displayed
    .filter((transaction) => transaction.type === 'buy' || transaction.type === 'sell')
    .reduce((sum, transaction) => sum + transaction.amountCents, 0n);

/** One settled purchase or sale of shares, for the closed positions (spec section 3, User `finance`). */
export type ShareTrade = {
  assetId: string;
  side: 'buy' | 'sell';
  shares: number;
  /** Shares × price. */
  volumeCents: Cents;
  feeCents: Cents;
  bonusCents: Cents;
  at: Date;
};

/**
 * Spec section 3, User `finance (closedAmount, closedProfit)`: what the user's sales brought back
 * and what they gained, at average cost. Per asset in time order a purchase adds its shares and its
 * cost (volume + fee − bonus); a sale returns its proceeds (volume − fee), which `closedAmount`
 * sums, and takes the sold shares' part of the cost (cost × sold ÷ held, floored to the cent, so
 * what stays on the position is never understated); `closedProfit` sums proceeds − that cost
 * (negative for a loss).
 */
export const closedFinance = (
  trades: readonly ShareTrade[],
): { closedAmountCents: Cents; closedProfitCents: Cents } => {
  const positions = new Map<string, { shares: bigint; costCents: Cents }>();
  let closedAmountCents = 0n;
  let closedProfitCents = 0n;
  for (const trade of [...trades].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const position = positions.get(trade.assetId) ?? { shares: 0n, costCents: 0n };
    const shares = BigInt(trade.shares);
    if (trade.side === 'buy') {
      position.shares += shares;
      position.costCents += trade.volumeCents + trade.feeCents - trade.bonusCents;
    } else {
      const sold = shares < position.shares ? shares : position.shares;
      const costOut = position.shares > 0n ? (position.costCents * sold) / position.shares : 0n;
      const proceeds = trade.volumeCents - trade.feeCents;
      closedAmountCents += proceeds;
      closedProfitCents += proceeds - costOut;
      position.shares -= sold;
      position.costCents -= costOut;
    }
    positions.set(trade.assetId, position);
  }
  return { closedAmountCents, closedProfitCents };
};

export const processUserView = (raw: RawUserData): ProcessedUserView => {
  const assets = raw.assets
    .filter((asset) => COUNTED_ASSET_STAGES.has(asset.stage))
    .map((asset) => ({
      ...asset,
      collectedRentCents: collectedRentForAsset(raw.transactions, asset.assetId),
      availableShares: availableSharesForAsset(raw.userId, asset, raw.offers),
    }));
  const transactions = raw.transactions.map((transaction) => displayTransaction(raw.userId, transaction));
  return {
    collectedRentCents: assets.reduce((sum, asset) => sum + asset.collectedRentCents, 0n),
    totalTransactionAmountCents: totalTransactionAmount(transactions),
    account: {
      amountCents: displayedAmount(raw.userId, raw.accountAmountCents, raw.transactions),
      // Spec section 4: availableAmount equals the raw account amount.
      availableAmountCents: raw.accountAmountCents,
    },
    assets,
    transactions,
  };
};
