import type { PurchaseTotals } from '@bw/domain';
import { type AppLocale, formatPercentBps } from '@bw/i18n';
import type { ReactNode } from 'react';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { currentLocale, useTranslation } from '../../../lib/i18n';

type Props = {
  readonly totals: PurchaseTotals;
  readonly feeBps: number;
  /** Available balance of the payment account; null for bank-wire purchases or while unknown. */
  readonly availableCents: bigint | null;
  readonly children: ReactNode;
};

const Row = ({ label, value, testId }: { readonly label: string; readonly value: string; readonly testId: string }) => (
  <div className="flex items-baseline justify-between gap-4 py-2">
    <dt className="text-sm text-navy-700">{label}</dt>
    <dd className="text-right text-sm font-semibold tabular-nums text-navy-900" data-testid={testId}>
      {value}
    </dd>
  </div>
);

const feeRate = (feeBps: number, locale: AppLocale) => formatPercentBps(feeBps, locale);

/**
 * The purchase overview (spec sections 2 and 3, buyFromIssuer): amount, fee, bonus and the total
 * with bonus, live as the shares change; the primary action sits under it.
 */
export const OverviewCard = ({ totals, feeBps, availableCents, children }: Props) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const withBonus = totals.bonusCents > 0n;
  return (
    <section
      aria-labelledby="purchase-overview"
      className="flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-navy-100 md:p-6"
    >
      <h2 id="purchase-overview" className="text-base font-semibold text-navy-900">
        {t('trading.overviewTitle')}
      </h2>
      <dl className="divide-y divide-navy-100">
        <Row label={t('trading.amount')} value={format.eur(totals.amountCents)} testId="total-amount" />
        <Row
          label={t('trading.fee', { rate: feeRate(feeBps, currentLocale()) })}
          value={format.eur(totals.feeCents)}
          testId="total-fee"
        />
        {withBonus ? (
          <Row label={t('trading.bonus')} value={`− ${format.eur(totals.bonusCents)}`} testId="total-bonus" />
        ) : null}
        <div className="flex items-baseline justify-between gap-4 pt-3">
          <dt className="text-base font-semibold text-navy-900">
            {withBonus ? t('trading.totalWithBonus') : t('trading.total')}
          </dt>
          <dd className="text-right text-2xl font-bold tabular-nums text-navy-900" data-testid="total">
            {format.eur(totals.totalCents)}
          </dd>
        </div>
      </dl>
      {availableCents !== null ? (
        <p className="flex items-baseline justify-between gap-4 rounded-xl bg-navy-100/60 px-3 py-2 text-sm text-navy-700">
          <span>{t('trading.balance')}</span>
          <span className="font-semibold tabular-nums text-navy-900" data-testid="available-balance">
            {format.eur(availableCents)}
          </span>
        </p>
      ) : null}
      {children}
    </section>
  );
};
