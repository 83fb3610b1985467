import type { BulletinOffer } from '@bw/contracts';

/** One price level of the order book: how many shares are offered at that price, by how many offers. */
export type DepthLevel = {
  readonly priceCents: bigint;
  readonly sharesCount: number;
  readonly offersCount: number;
};

/** At most this many price levels are drawn; the rest is in the list below. */
export const DEPTH_LEVELS_SHOWN = 6;

/**
 * The depth of one side (issue 10: "the offer list with lowest price and depth"): open offers
 * grouped by price per share, best first (sell offers cheapest first, buy offers highest first).
 */
export const depthOf = (offers: readonly BulletinOffer[], type: 'buy' | 'sell'): DepthLevel[] => {
  const levels = new Map<string, { priceCents: bigint; sharesCount: number; offersCount: number }>();
  for (const offer of offers) {
    if (offer.type !== type || offer.status !== 'open' || offer.sharesAmount <= 0) continue;
    const level = levels.get(offer.price) ?? { priceCents: BigInt(offer.price), sharesCount: 0, offersCount: 0 };
    level.sharesCount += offer.sharesAmount;
    level.offersCount += 1;
    levels.set(offer.price, level);
  }
  const sorted = [...levels.values()].sort((a, b) =>
    a.priceCents < b.priceCents ? -1 : a.priceCents > b.priceCents ? 1 : 0,
  );
  return type === 'sell' ? sorted : sorted.reverse();
};

/** The bar width of a level, relative to the deepest level shown (0–100). */
export const depthShare = (level: DepthLevel, levels: readonly DepthLevel[]): number => {
  const deepest = Math.max(...levels.map((l) => l.sharesCount), 1);
  return Math.round((level.sharesCount / deepest) * 100);
};
