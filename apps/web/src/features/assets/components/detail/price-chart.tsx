import { useId, useMemo } from 'react';
import { ChartFigure, ChartSkeleton } from '../../../../components/chart-figure';
import type { ChartSeries } from '../../../../components/time-series-chart';
import { useTranslation } from '../../../../lib/i18n';
import { usePriceHistory } from '../../api/get-transaction-metadata';
import { useFormat } from '../../hooks/use-format';
import { Note, Panel } from './fact-list';

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
      <ChartFigure
        series={series}
        formatValue={(cents) => format.eur(BigInt(Math.round(cents)))}
        formatDay={format.day}
        loadingLabel={t('asset.chartLoading')}
        testId="price-chart"
        caption={t('asset.chartSummary', {
          from: format.day(first.date),
          to: format.day(last.date),
          last: format.eur(last.closePriceCents),
          average: format.eur(history.data?.averagePrice30DaysCents ?? last.movingAverageCents),
        })}
      />
    );
  };
  return (
    <Panel title={t('asset.chartTitle')} id={`${id}-title`}>
      {body()}
    </Panel>
  );
};
