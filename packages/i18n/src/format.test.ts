import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  centsToDecimalString,
  documentFileName,
  formatDate,
  formatDateTime,
  formatEur,
  formatIsoDay,
  formatNumber,
  formatPercent,
  formatPercentBps,
  formatPeriodKey,
  formatRelativeTime,
} from './format.js';
import { germanCount } from './german-numbers.js';
import type { AppLocale } from './locales.js';

/** Intl separates amount and currency with a no-break space, so the amount never wraps. */
const nbsp = '\u00a0';

describe('centsToDecimalString', () => {
  it.each([
    [123456n, '1234.56'],
    [5n, '0.05'],
    [-5n, '-0.05'],
    [0n, '0.00'],
    [900719925474099312n, '9007199254740993.12'],
  ])('%s cents → %s', (cents, expected) => {
    expect(centsToDecimalString(cents)).toBe(expected);
  });
});

describe('formatEur', () => {
  it('shows 2 decimals with the euro sign after the amount in de-AT and de-DE', () => {
    expect(formatEur(123456n, 'de-AT')).toBe(`1.234,56${nbsp}€`);
    expect(formatEur(123456n, 'de-DE')).toBe(`1.234,56${nbsp}€`);
  });

  it('accepts integer cents as a number', () => {
    expect(formatEur(10, 'de-AT')).toBe(`0,10${nbsp}€`);
  });

  it('rejects a float, so euros never sneak in as cents', () => {
    expect(() => formatEur(12.5, 'de-AT')).toThrow(RangeError);
  });

  it('short form has 0 decimals', () => {
    expect(formatEur(123456n, 'de-AT', { short: true })).toBe(`1.235${nbsp}€`);
    expect(formatEur(500_000n, 'de-DE', { short: true })).toBe(`5.000${nbsp}€`);
  });

  it('keeps cents exact beyond float precision', () => {
    expect(formatEur(900719925474099312n, 'de-AT')).toBe(`9.007.199.254.740.993,12${nbsp}€`);
  });

  it('formats negative amounts', () => {
    expect(formatEur(-5n, 'de-AT')).toBe(`-0,05${nbsp}€`);
  });

  it('uses the Swiss and English patterns for de-CH and en', () => {
    // ICU versions differ in the Swiss apostrophe and currency symbol; the grouping is the point.
    expect(formatEur(123456n, 'de-CH')).toMatch(/^(EUR|€)\s1['’]234\.56$/);
    expect(formatEur(123456n, 'en')).toBe('€1,234.56');
  });
});

describe('formatPercent', () => {
  it('shows 2 decimals', () => {
    expect(formatPercent(0.0525, 'de-AT')).toBe(`5,25${nbsp}%`);
    expect(formatPercent(0.1, 'de-DE')).toBe(`10,00${nbsp}%`);
    expect(formatPercent(0.0525, 'en')).toBe('5.25%');
  });

  it('reads basis points', () => {
    expect(formatPercentBps(525, 'de-AT')).toBe(`5,25${nbsp}%`);
    expect(formatPercentBps(0, 'de-AT')).toBe(`0,00${nbsp}%`);
  });
});

describe('formatNumber', () => {
  it('groups with a dot and uses a decimal comma in de-AT and de-DE', () => {
    expect(formatNumber(1234.56, 'de-AT')).toBe('1.234,56');
    expect(formatNumber(1234.56, 'de-DE')).toBe('1.234,56');
  });

  it('formats share counts without decimals', () => {
    expect(formatNumber(12500, 'de-AT', 0)).toBe('12.500');
  });

  it('leaves NaN and infinities to Intl', () => {
    expect(formatNumber(Number.NaN, 'de-AT')).toBe('NaN');
    expect(formatNumber(Number.NEGATIVE_INFINITY, 'de-DE')).toBe('-∞');
    expect(formatPercent(Number.POSITIVE_INFINITY, 'de-AT')).toBe(`∞${nbsp}%`);
  });

  it('leaves digit counts the German formatter does not take to Intl', () => {
    // Intl truncates 2.5 to 2 digits; the German formatter only takes integer counts.
    expect(formatNumber(1 / 3, 'de-AT', 2.5)).toBe(
      new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2.5, maximumFractionDigits: 2.5 }).format(1 / 3),
    );
    expect(() => formatNumber(1, 'de-AT', -1)).toThrow(RangeError);
  });
});

describe('German numbers without Intl', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('formats EUR, percent and numbers in de-AT and de-DE without building an Intl.NumberFormat', () => {
    const construct = vi.spyOn(Intl, 'NumberFormat');
    for (const locale of ['de-AT', 'de-DE'] as const) {
      expect(formatEur(123456n, locale)).toBe(`1.234,56${nbsp}€`);
      expect(formatEur(-49n, locale, { short: true })).toBe(`-0${nbsp}€`);
      expect(formatPercentBps(525, locale)).toBe(`5,25${nbsp}%`);
      expect(formatNumber(1000, locale, 0)).toBe('1.000');
      expect(formatNumber(1.005, locale)).toBe('1,01');
    }
    expect(construct).not.toHaveBeenCalled();
  });
});

describe('formatDate', () => {
  const date = new Date('2026-11-22T10:00:00Z');

  it('writes day.month.year', () => {
    expect(formatDate(date, 'de-AT')).toBe('22.11.2026');
    expect(formatDate(date, 'de-DE')).toBe('22.11.2026');
    expect(formatDate(date, 'en')).toBe('22/11/2026');
  });

  it('uses Vienna time, so late evening UTC is already the next day', () => {
    expect(formatDate(new Date('2026-11-21T23:30:00Z'), 'de-AT')).toBe('22.11.2026');
  });

  it('adds the time for date-times', () => {
    expect(formatDateTime(date, 'de-AT')).toBe('22.11.2026, 11:00');
  });
});

describe('formatIsoDay', () => {
  it('shows a calendar day as formatDate does, in every locale', () => {
    expect(formatIsoDay('2026-11-22', 'de-AT')).toBe('22.11.2026');
    expect(formatIsoDay('2027-01-05', 'de-CH')).toBe('05.01.2027');
    expect(formatIsoDay('2026-11-22', 'en')).toBe('22/11/2026');
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom('de-AT', 'de-DE', 'de-CH', 'en') satisfies fc.Arbitrary<AppLocale>,
        (date, locale) => {
          const isoDay = date.toISOString().slice(0, 10);
          expect(formatIsoDay(isoDay, locale)).toBe(formatDate(new Date(`${isoDay}T12:00:00Z`), locale));
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('builds no Intl date format for the German locales', () => {
    const spy = vi.spyOn(Intl, 'DateTimeFormat');
    formatIsoDay('2026-03-01', 'de-AT');
    formatIsoDay('2026-03-01', 'de-CH');
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;

  it.each([
    [0, 'jetzt'],
    [59_000, 'jetzt'],
    [minute, 'vor 1 Minute'],
    [45 * minute, 'vor 45 Minuten'],
    [hour, 'vor 1 Stunde'],
    [23 * hour, 'vor 23 Stunden'],
    [day, 'vor 1 Tag'],
    [6 * day, 'vor 6 Tagen'],
    [7 * day, 'vor 1 Woche'],
    [40 * day, 'vor 5 Wochen'],
  ])('%i ms ago → %s', (ms, expected) => {
    expect(formatRelativeTime(ago(ms), now, 'de-AT')).toBe(expected);
  });

  it('reads future times', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 2 * day), now, 'de-AT')).toBe('in 2 Tagen');
  });

  it('falls back to English', () => {
    expect(formatRelativeTime(ago(3 * hour), now, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime(now, now, 'en')).toBe('now');
  });
});

describe('formatPeriodKey (issue 34: "4. Quartal 2026", not "2026-Q4")', () => {
  it.each([
    ['2026-Q4', 'de-AT', '4. Quartal 2026'],
    ['2026-Q1', 'de-DE', '1. Quartal 2026'],
    ['2026-03', 'de-AT', 'März 2026'],
    ['2026-01', 'de-AT', 'Jänner 2026'],
    ['2026-01', 'de-DE', 'Januar 2026'],
    ['2026', 'de-AT', '2026'],
    ['2026-Q4', 'en', 'Q4 2026'],
    ['2026-03', 'en', 'March 2026'],
    ['irgendwas', 'de-AT', 'irgendwas'],
  ] as const)('%s in %s → %s', (key, locale, expected) => {
    expect(formatPeriodKey(key, locale)).toBe(expected);
  });
});

describe('germanCount (singular for exactly one)', () => {
  it.each([
    [1, '1 Anteil'],
    ['1', '1 Anteil'],
    [0, '0 Anteile'],
    [2, '2 Anteile'],
    [11n, '11 Anteile'],
    ['1234567', '1.234.567 Anteile'],
    [-1, '-1 Anteil'],
  ] as const)('%s → %s', (count, expected) => {
    expect(germanCount(count, 'Anteil', 'Anteile')).toBe(expected);
  });
});

describe('documentFileName (issue 34: German file names)', () => {
  it.each([
    [['Basisinformationsblatt', 'zinshaus-wien'], 'basisinformationsblatt-zinshaus-wien.pdf'],
    [['Exposé', 'pv-landshut-agri'], 'expose-pv-landshut-agri.pdf'],
    [
      ['Datenschutzhinweise zur qualifizierten elektronischen Signatur – Skribble AG'],
      'datenschutzhinweise-zur-qualifizierten-elektronischen-signatur-skribble-ag.pdf',
    ],
    [['Größe & Übersicht'], 'groesse-uebersicht.pdf'],
    [['!!!'], 'dokument.pdf'],
  ] as const)('%j → %s', ([title, ...parts], expected) => {
    expect(documentFileName(title, ...parts)).toBe(expected);
  });
});
