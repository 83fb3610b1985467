import { formatDate, formatDateTime, formatEur, formatIsoDay, formatPercentBps, formatPeriodKey } from '@bw/i18n';
import { useMemo } from 'react';
import { currentLocale } from '../lib/i18n';

/** Amounts ("1.234,56 €", from integer cents) and dates ("22.11.2026") in the current locale. */
export const useMoneyFormat = () =>
  useMemo(() => {
    const locale = currentLocale();
    return {
      eur: (cents: string | bigint) => formatEur(BigInt(cents), locale),
      /** Basis points as a percentage; '–' when there is no figure (no rate without money both ways). */
      percentBps: (bps: number | null) => (bps === null ? '–' : formatPercentBps(bps, locale)),
      date: (iso: string) => formatDate(new Date(iso), locale),
      /** `YYYY-MM-DD` as a calendar day. */
      day: (isoDay: string) => formatIsoDay(isoDay, locale),
      dateTime: (iso: string) => formatDateTime(new Date(iso), locale),
      /** A distribution period key ("2026-Q4") as read ("4. Quartal 2026"). */
      period: (key: string) => formatPeriodKey(key, locale),
      time: (iso: string) =>
        new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
          hour: '2-digit',
          minute: '2-digit',
          timeZone: 'Europe/Vienna',
        }).format(new Date(iso)),
    };
  }, []);
