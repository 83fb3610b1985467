import { formatEur, formatIsoDay, formatNumber, formatPercent, formatPercentBps } from '@bw/i18n';
import { useMemo } from 'react';
import { currentLocale } from '../../../lib/i18n';

/** Formatters in the current locale (spec section 9: EUR with 2 decimals, short form 0; percent with 2). */
export const useFormat = () =>
  useMemo(() => {
    const locale = currentLocale();
    return {
      eur: (cents: string | bigint) => formatEur(BigInt(cents), locale),
      eurShort: (cents: string | bigint) => formatEur(BigInt(cents), locale, { short: true }),
      bps: (bps: number) => formatPercentBps(bps, locale),
      ratio: (ratio: number) => formatPercent(ratio, locale),
      count: (value: number) => formatNumber(value, locale, 0),
      decimal: (value: number, digits: number) => formatNumber(value, locale, digits),
      /** `YYYY-MM-DD` as a calendar day. */
      day: (isoDay: string) => formatIsoDay(isoDay, locale),
    };
  }, []);
