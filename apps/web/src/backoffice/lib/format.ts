import { formatDate, formatDateTime, formatEur, formatIsoDay, formatPercentBps, formatPeriodKey } from '@bw/i18n';

/** German formats of the back office (docs/style.md): "1.234,56 €", "22.11.2026". */
export const eur = (cents: string | bigint | number): string => formatEur(BigInt(cents), 'de-AT');
export const dateTime = (iso: string | null | undefined): string =>
  iso ? formatDateTime(new Date(iso), 'de-AT') : '–';
export const date = (iso: string | null | undefined): string => (iso ? formatDate(new Date(iso), 'de-AT') : '–');
export const day = (isoDay: string | null | undefined): string => (isoDay ? formatIsoDay(isoDay, 'de-AT') : '–');
export const percentBps = (bps: number): string => formatPercentBps(bps, 'de-AT');
/** A distribution period key ("2026-Q4") as read ("4. Quartal 2026"). */
export const period = (key: string): string => formatPeriodKey(key, 'de-AT');

/** Euro input ("1.234,56" or "1234.56") → integer cents as a string, or null when it is not an amount. */
export const centsFromEuroInput = (input: string): string | null => {
  const text = input.trim().replace(/\s|€/g, '');
  const normalised = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
  if (!/^-?\d{1,12}(\.\d{1,2})?$/.test(normalised)) return null;
  const negative = normalised.startsWith('-');
  const [whole = '0', fraction = ''] = normalised.replace('-', '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return (negative ? -cents : cents).toString();
};

/** Cents → the euro text an input shows ("1234,56"). */
export const euroInputFromCents = (cents: string | null | undefined): string => {
  if (cents === null || cents === undefined || cents === '') return '';
  const value = BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? '-' : ''}${abs / 100n},${String(abs % 100n).padStart(2, '0')}`;
};
