import { germanEur, germanNumber, germanPercent, MAX_GERMAN_FRACTION_DIGITS } from './german-numbers.js';
import type { AppLocale } from './locales.js';

/** Display time zone (docs/style.md: tests run with TZ=Europe/Vienna; the audience is AT/DE/CH). */
export const DISPLAY_TIME_ZONE = 'Europe/Vienna';

/**
 * Intl locale used for numbers. CLDR formats de-AT as "€ 1.234,56" with a space as group
 * separator; the product shows "1.234,56 €" in both de-AT and de-DE (docs/style.md), so both
 * use the de-DE number pattern.
 */
const numberLocale = (locale: AppLocale): string => {
  switch (locale) {
    case 'de-AT':
    case 'de-DE':
      return 'de-DE';
    case 'de-CH':
      return 'de-CH';
    case 'en':
      return 'en-GB';
  }
};

/**
 * de-AT and de-DE numbers come from german-numbers.ts, not Intl: the first Intl.NumberFormat in a
 * page loads ICU data (~25–30 ms, a long task on a throttled phone), and the marketplace is German.
 */
const usesGermanDigits = (locale: AppLocale): boolean => numberLocale(locale) === 'de-DE';

/**
 * Building an Intl format costs far more than formatting with one (a chart labels dozens of days),
 * so one formatter per locale and option set serves every call.
 */
const formatterCache = <F, O>(build: (locale: AppLocale, options: O) => F) => {
  const built = new Map<string, F>();
  return (locale: AppLocale, options: O): F => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let format = built.get(key);
    if (format === undefined) {
      format = build(locale, options);
      built.set(key, format);
    }
    return format;
  };
};

const numberFormat = formatterCache(
  (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(numberLocale(locale), options),
);

const CENTS_PER_EURO = 100n;

/** Exact decimal string of integer cents ("-123456" → "-1234.56"): money never becomes a float. */
export const centsToDecimalString = (cents: bigint): string => {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const euros = abs / CENTS_PER_EURO;
  const rest = (abs % CENTS_PER_EURO).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${euros}.${rest}`;
};

export type EurFormatOptions = { readonly short?: boolean };

/**
 * EUR amounts (spec section 9): 2 decimals; the short form has 0 decimals.
 * Takes integer cents (bigint, or a safe integer number) and formats them without float maths.
 */
export const formatEur = (cents: bigint | number, locale: AppLocale, options: EurFormatOptions = {}): string => {
  if (typeof cents === 'number' && !Number.isSafeInteger(cents)) {
    throw new RangeError(`formatEur expects integer cents, got ${cents}`);
  }
  const decimals = options.short ? 0 : 2;
  if (usesGermanDigits(locale)) return germanEur(BigInt(cents), decimals);
  const formatter = numberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return formatter.format(centsToDecimalString(BigInt(cents)) as Intl.StringNumericLiteral);
};

/** Percent with 2 decimals (spec section 9). `ratio` 0.0525 → "5,25 %". NaN and ±∞ are left to Intl. */
export const formatPercent = (ratio: number, locale: AppLocale): string =>
  usesGermanDigits(locale) && Number.isFinite(ratio)
    ? germanPercent(ratio)
    : numberFormat(locale, {
        style: 'percent',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(ratio);

const BPS_PER_UNIT = 10_000;

/** Rates are stored as basis points (architecture.md); 525 bps → "5,25 %". */
export const formatPercentBps = (bps: number, locale: AppLocale): string => formatPercent(bps / BPS_PER_UNIT, locale);

/**
 * Plain numbers ("1.234,56" in de-AT/de-DE). Share counts pass `fractionDigits` 0. NaN, ±∞ and
 * digit counts german-numbers.ts does not cover are left to Intl (which also rejects bad counts).
 */
export const formatNumber = (value: number, locale: AppLocale, fractionDigits = 2): string =>
  usesGermanDigits(locale) &&
  Number.isFinite(value) &&
  Number.isInteger(fractionDigits) &&
  fractionDigits >= 0 &&
  fractionDigits <= MAX_GERMAN_FRACTION_DIGITS
    ? germanNumber(value, fractionDigits)
    : numberFormat(locale, {
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      }).format(value);

const dateLocale = (locale: AppLocale): string => (locale === 'en' ? 'en-GB' : locale);

const dateFormat = formatterCache(
  (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(dateLocale(locale), options),
);

/** Dates as "22.11.2026" (docs/style.md). */
export const formatDate = (date: Date, locale: AppLocale, timeZone = DISPLAY_TIME_ZONE): string =>
  dateFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).format(date);

/** "22.11.2026, 14:05". */
export const formatDateTime = (date: Date, locale: AppLocale, timeZone = DISPLAY_TIME_ZONE): string =>
  dateFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(date);

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day (`YYYY-MM-DD`, no time, no zone) as `formatDate` shows it. The German locales
 * need no Intl for it ("2026-11-22" → "22.11.2026"): an asset page shows many, and the first
 * Intl date format costs a phone a long task (issue 6).
 */
export const formatIsoDay = (isoDay: string, locale: AppLocale): string => {
  const parts = ISO_DAY.exec(isoDay);
  if (parts && locale !== 'en') return `${parts[3]}.${parts[2]}.${parts[1]}`;
  return formatDate(new Date(`${isoDay}T12:00:00Z`), locale);
};

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

/**
 * Relative times (spec section 9): weeks, days, hours, minutes, and 'jetzt' for anything under
 * a minute. Older than a week stays in weeks ("vor 5 Wochen"); future times read "in 2 Tagen".
 */
export const formatRelativeTime = (date: Date, now: Date, locale: AppLocale): string => {
  const diffMs = date.getTime() - now.getTime();
  const absMs = Math.abs(diffMs);
  const sign = diffMs < 0 ? -1 : 1;
  const rtf = new Intl.RelativeTimeFormat(dateLocale(locale), { numeric: 'always' });
  if (absMs < MINUTE_MS) {
    return new Intl.RelativeTimeFormat(dateLocale(locale), { numeric: 'auto' }).format(0, 'second');
  }
  if (absMs < HOUR_MS) return rtf.format(sign * Math.floor(absMs / MINUTE_MS), 'minute');
  if (absMs < DAY_MS) return rtf.format(sign * Math.floor(absMs / HOUR_MS), 'hour');
  if (absMs < WEEK_MS) return rtf.format(sign * Math.floor(absMs / DAY_MS), 'day');
  return rtf.format(sign * Math.floor(absMs / WEEK_MS), 'week');
};

const PERIOD_KEY = /^(\d{4})(?:-(0[1-9]|1[0-2])|-Q([1-4]))?$/;
const GERMAN_MONTHS = [
  'Jänner',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;
const ENGLISH_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * A distribution period (the domain's keys `2026-03`, `2026-Q4`, `2026`) as people read it:
 * "März 2026" (de-DE/de-CH "Januar" for Austria's "Jänner"), "4. Quartal 2026", "2026";
 * English "March 2026", "Q4 2026", "2026". Anything else comes back as it is.
 */
export const formatPeriodKey = (key: string, locale: AppLocale): string => {
  const parts = PERIOD_KEY.exec(key);
  if (!parts) return key;
  const [, year, month, quarter] = parts;
  const english = locale === 'en';
  if (month) {
    const index = Number(month) - 1;
    const name = english ? ENGLISH_MONTHS[index] : index === 0 && locale !== 'de-AT' ? 'Januar' : GERMAN_MONTHS[index];
    return `${name} ${year}`;
  }
  if (quarter) return english ? `Q${quarter} ${year}` : `${quarter}. Quartal ${year}`;
  return `${year}`;
};

/**
 * A download's file name from its German title (issue 34): "Basisinformationsblatt" and the
 * asset's ID give `basisinformationsblatt-zinshaus-wien.pdf`. Umlauts and ß are spelled out, so
 * the name survives every file system and the `Content-Disposition` header.
 */
export const documentFileName = (title: string, ...parts: readonly string[]): string => {
  const slug = [title, ...parts]
    .join('-')
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'dokument'}.pdf`;
};
