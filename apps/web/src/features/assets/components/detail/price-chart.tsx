import { Suspense, useId, useMemo } from 'react';
import { LazyTimeSeriesChart } from '../../../../components/lazy-time-series-chart';
import type { ChartRange, ChartSeries } from '../../../../components/time-series-chart';
import { useTranslation } from '../../../../lib/i18n';
import { usePriceHistory } from '../../api/get-transaction-metadata';
import { useFormat } from '../../hooks/use-format';
import { Note, Panel } from './fact-list';

const ChartSkeleton = ({ label }: { readonly label: string }) => (
  <div aria-busy="true" className="h-60 animate-pulse rounded-2xl bg-navy-100">
    <span className="sr-only">{label}</span>
  </div>
);

/** The range buttons every chart offers: a month, a quarter, half a year, a year, everything. */
export const useChartRanges = (): ChartRange[] => {
  const { t } = useTranslation();
  return [
    { id: '1m', label: t('asset.chartRange1m'), days: 30 },
    { id: '3m', label: t('asset.chartRange3m'), days: 91 },
    { id: '6m', label: t('asset.chartRange6m'), days: 182 },
    { id: '1y', label: t('asset.chartRange1y'), days: 365 },
    { id: 'all', label: t('asset.chartRangeAll'), days: null },
  ];
};

/**
 * The price chart with its 30-day moving average (spec sections 2 and 9; shown behind the
 * `enableChart` flag): the daily closing price and the server's 30-day volume-weighted average,
 * with axes, the values under the crosshair and ranges (issue 27). Cents are plotted as plain
 * numbers only to place pixels; every shown amount is written from cents by the formatter.
 */
export const PriceChart = ({ assetId }: { readonly assetId: string }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const history = usePriceHistory(assetId, true);
  const ranges = useChartRanges();
  const points = history.data?.diagramData?.points;
  const series = useMemo<ChartSeries[]>(
    () =>
      points
        ? [
            {
              id: 'price',
              label: t('asset.chartPrice'),
              color: '--color-brand',
              kind: 'line',
              points: points.map((point) => ({ date: point.date, value: Number(point.closePriceCents) })),
            },
            {
              id: 'average',
              label: t('asset.chartAverage'),
              color: '--color-navy-500',
              kind: 'dashed',
              points: points.map((point) => ({ date: point.date, value: Number(point.movingAverageCents) })),
            },
          ]
        : [],
    [points, t],
  );
  const body = () => {
    if (history.isPending) return <ChartSkeleton label={t('asset.chartLoading')} />;
    const first = points?.[0];
    const last = points?.at(-1);
    if (!points || !first || !last) return <Note>{t('asset.chartEmpty')}</Note>;
    return (
      <figure className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-navy-100">
        <Suspense fallback={<ChartSkeleton label={t('asset.chartLoading')} />}>
          <LazyTimeSeriesChart
            series={series}
            formatValue={(cents) => format.eur(BigInt(Math.round(cents)))}
            formatDay={format.day}
            ranges={ranges}
            rangeLabel={t('asset.chartRanges')}
            testId="price-chart"
          />
        </Suspense>
        <figcaption id={`${id}-summary`} className="text-sm text-navy-700">
          {t('asset.chartSummary', {
            from: format.day(first.date),
            to: format.day(last.date),
            last: format.eur(last.closePriceCents),
            average: format.eur(history.data?.averagePrice30DaysCents ?? last.movingAverageCents),
          })}
        </figcaption>
      </figure>
    );
  };
  return (
    <Panel title={t('asset.chartTitle')} id={`${id}-title`}>
      {body()}
    </Panel>
  );
};
