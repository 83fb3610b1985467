/** Limits everywhere: the calculators accept whole euros up to this amount. */
export const MAX_CALCULATOR_EUROS = 10_000_000;
export const DEFAULT_CALCULATOR_EUROS = 1_000;

/** Whole euros typed by the user → cents, or null when it is not a whole amount in range. */
export const eurosInputToCents = (input: string): bigint | null => {
  const trimmed = input.trim().replace(/\./g, '');
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const euros = Number(trimmed);
  if (euros <= 0 || euros > MAX_CALCULATOR_EUROS) return null;
  return BigInt(euros) * 100n;
};
