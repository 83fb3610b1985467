/**
 * Money is integer euro cents (`bigint`); fees and rates are basis points; shares are integers
 * (architecture: money, shares and the ledger). Every rounding step is a named function.
 */
export type Cents = bigint;
export type BasisPoints = number;

export const BPS_PER_UNIT = 10_000n;

const CENTS_PATTERN = /^-?\d{1,18}$/;

/** Parses the wire form of an amount (a string of integer cents). */
export const parseCents = (value: string): Cents => {
  if (!CENTS_PATTERN.test(value)) throw new RangeError(`Not an amount in cents: ${value}`);
  return BigInt(value);
};

export const formatCentsForWire = (amount: Cents): string => amount.toString();

/**
 * A fee of `feeBps` on `amount`, rounded half up to the cent (commercial rounding, as banks in
 * Austria and Germany do for fees). Negative amounts are rejected: fees are charged on volumes.
 */
export const feeRoundedHalfUp = (amount: Cents, feeBps: BasisPoints): Cents => {
  if (amount < 0n) throw new RangeError('Fee base must not be negative');
  if (!Number.isInteger(feeBps) || feeBps < 0) throw new RangeError('Fee must be whole non-negative basis points');
  return (amount * BigInt(feeBps) + BPS_PER_UNIT / 2n) / BPS_PER_UNIT;
};

/** Price of `shares` at `pricePerShare` cents: exact, no rounding needed. */
export const totalPrice = (shares: number, pricePerShare: Cents): Cents => {
  if (!Number.isSafeInteger(shares) || shares < 0) throw new RangeError('Shares must be a whole non-negative number');
  return BigInt(shares) * pricePerShare;
};
