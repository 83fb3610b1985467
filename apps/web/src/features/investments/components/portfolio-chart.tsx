import { useId, useMemo } from 'react';
import { ChartFigure, ChartSkeleton } from '../../../components/chart-figure';
import type { ChartSeries } from '../../../components/time-series-chart';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { usePortfolioHistory } from '../api/get-portfolio-history';

/**
 * The portfolio over time on investments (issue 27): the market value of the shares held each day
 * and the capital put in, on the same lazy chart as the asset's price. Cents are plotted as plain
 * numbers only to place pixels; every amount shown is written from cents by the formatter.
 */
export const PortfolioChart = () => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const id = useId();
  const history = usePortfolioHistory();
  const points = history.data?.points;
  const series = useMemo<ChartSeries[]>(
    () =>
      points
        ? [
            {
              id: 'value',
              label: t('investments.chartValue'),
              color: '--color-brand',
              kind: 'line',
              points: points.map((point) => ({ date: point.date, value: Number(point.valueCents) })),
            },
            {
              id: 'invested',
              label: t('investments.chartInvested'),
              color: '--color-navy-500',
              kind: 'dashed',
              points: points.map((point) => ({ date: point.date, value: Number(point.investedCents) })),
            },
          ]
        : [],
    [points, t],
  );
  const first = points?.[0];
  const last = points?.at(-1);
  // Nothing bought yet: the screen's empty state speaks; no empty chart.
  if (history.isSuccess && (!first || !last)) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3" data-testid="portfolio-history">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-navy-900">
        {t('investments.chartTitle')}
      </h2>
      {history.isError ? (
        <p className="rounded-2xl bg-white p-4 text-sm text-navy-700 ring-1 ring-navy-100">
          {t('investments.chartError')}
        </p>
      ) : !first || !last ? (
        <ChartSkeleton label={t('investments.chartLoading')} />
      ) : (
        <ChartFigure
          series={series}
          formatValue={(cents) => format.eur(BigInt(Math.round(cents)))}
          formatDay={format.day}
          loadingLabel={t('investments.chartLoading')}
          testId="portfolio-chart"
          caption={t('investments.chartSummary', {
            from: format.day(first.date),
            to: format.day(last.date),
            value: format.eur(last.valueCents),
            invested: format.eur(last.investedCents),
          })}
        />
      )}
    </section>
  );
};
