/** The most digits an amount may have before the decimal separator (the contract's 15 cent digits less 2). */
const MAX_EURO_DIGITS = 13;
const CENTS_PER_EURO = 100n;

const GROUPED_THOUSANDS = /^\d{1,3}(\.\d{3})+$/;
const PLAIN_EUROS = new RegExp(`^\\d{1,${MAX_EURO_DIGITS}}$`);
const DECIMAL_PART = /^\d{1,2}$/;

/** "1.234" → "1234"; "1234" stays; anything else is not a euro part. */
const euroDigits = (text: string): string | null => {
  const digits = GROUPED_THOUSANDS.test(text) ? text.replaceAll('.', '') : text;
  return PLAIN_EUROS.test(digits) ? digits : null;
};

const toCents = (euros: string, decimals: string): bigint =>
  BigInt(euros) * CENTS_PER_EURO + BigInt(decimals.padEnd(2, '0'));

/**
 * What a user types into an amount field, as integer cents, never through a float: "12,50" → 1250n,
 * "1.234,5" → 123450n, "0,10 €" → 10n, "12.50" → 1250n (a dot with one or two digits is a decimal
 * point), "1.234" → 123400n (dots in threes group thousands). Anything else, negative amounts and
 * more than two decimals included, is `null`.
 */
export const parseAmountInput = (text: string): bigint | null => {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^€|€$/g, '');
  if (compact === '') return null;
  const commaParts = compact.split(',');
  if (commaParts.length > 2) return null;
  const [whole = '', decimals] = commaParts;
  if (decimals !== undefined) {
    const euros = euroDigits(whole === '' ? '0' : whole);
    return euros !== null && DECIMAL_PART.test(decimals) ? toCents(euros, decimals) : null;
  }
  const euros = euroDigits(whole);
  if (euros !== null) return toCents(euros, '');
  const dotDecimal = whole.match(new RegExp(`^(\\d{1,${MAX_EURO_DIGITS}})\\.(\\d{1,2})$`));
  return dotDecimal?.[1] && dotDecimal[2] ? toCents(dotDecimal[1], dotDecimal[2]) : null;
};
