/**
 * CSV cells for exports a spreadsheet opens (audit log, issue 21): RFC 4180 quoting, and no cell
 * that a spreadsheet would run as a formula (OWASP "CSV injection"): a value starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export const neutralizeFormula = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

export const csvCell = (value: string | number | bigint | boolean | null | undefined): string => {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? neutralizeFormula(value) : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** One record, CRLF-terminated as RFC 4180 asks. */
export const csvRow = (values: readonly (string | number | bigint | boolean | null | undefined)[]): string =>
  `${values.map(csvCell).join(',')}\r\n`;
