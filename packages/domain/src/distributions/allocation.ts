import type { Cents } from '../money.js';

/**
 * Pro-rata allocation of a distribution in integer cents by the largest-remainder method
 * (Hamilton): everyone first gets `floor(total · shares / allShares)`; the cents left over (fewer
 * than the number of holders) go one each to the holders with the largest remainders
 * `total · shares mod allShares`; ties go to the larger holding, then to the smaller holder key
 * (string order). No cent is created or lost: the parts sum to `total` exactly (ADR 0025).
 */
export type Holding = { holder: string; shares: bigint };
export type Allocation = { holder: string; shares: bigint; cents: Cents };

export const allocateByLargestRemainder = (total: Cents, holdings: readonly Holding[]): Allocation[] => {
  if (total < 0n) throw new RangeError('Nothing negative is distributed');
  const allShares = holdings.reduce((sum, h) => {
    if (h.shares < 0n) throw new RangeError(`Negative holding of ${h.holder}`);
    return sum + h.shares;
  }, 0n);
  if (allShares === 0n) {
    if (total === 0n) return holdings.map((h) => ({ holder: h.holder, shares: h.shares, cents: 0n }));
    throw new RangeError('Income cannot be distributed over no shares');
  }
  const parts = holdings.map((h, index) => {
    const product = total * h.shares;
    return { index, holder: h.holder, shares: h.shares, cents: product / allShares, remainder: product % allShares };
  });
  let left = total - parts.reduce((sum, p) => sum + p.cents, 0n);
  const order = [...parts].sort((a, b) => {
    if (a.remainder !== b.remainder) return a.remainder > b.remainder ? -1 : 1;
    if (a.shares !== b.shares) return a.shares > b.shares ? -1 : 1;
    return a.holder < b.holder ? -1 : a.holder > b.holder ? 1 : 0;
  });
  for (const part of order) {
    if (left === 0n) break;
    part.cents += 1n;
    left -= 1n;
  }
  return parts.map((p) => ({ holder: p.holder, shares: p.shares, cents: p.cents }));
};
