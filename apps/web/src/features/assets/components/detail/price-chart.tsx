import { useId } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { usePriceHistory } from '../../api/get-transaction-metadata';
import { useFormat } from '../../hooks/use-format';
import { Note, Panel } from './fact-list';

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 24, left: 8 };

type Series = readonly { readonly date: string; readonly price: number; readonly average: number }[];

/** SVG path through the points, scaled into the chart box. */
export const chartPaths = (series: Series) => {
  const values = series.flatMap((point) => [point.price, point.average]);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min;
  const x = (index: number) =>
    PAD.left + (series.length === 1 ? 0.5 : index / (series.length - 1)) * (WIDTH - PAD.left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  // An unchanged price is a level line in the middle of the chart.
  const y = (value: number) => PAD.top + (span === 0 ? 0.5 : 1 - (value - min) / span) * plotHeight;
  const path = (pick: (point: Series[number]) => number) => {
    // One day of prices is a level across the chart, not an invisible single point.
    const only = series.length === 1 ? series[0] : undefined;
    if (only) {
      const level = y(pick(only)).toFixed(1);
      return `M${PAD.left},${level}L${WIDTH - PAD.right},${level}`;
    }
    return series
      .map((point, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(pick(point)).toFixed(1)}`)
      .join('');
  };
  return { price: path((point) => point.price), average: path((point) => point.average) };
};

/**
 * The price chart with its 30-day moving average (spec sections 2 and 9; shown behind the
 * `enableChart` flag). A small SVG: the daily closing price and the server's 30-day VWAP.
 */
export const PriceChart = ({ assetId }: { readonly assetId: string }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const history = usePriceHistory(assetId, true);
  const points = history.data?.diagramData?.points ?? [];
  const body = () => {
    if (history.isPending)
      return (
        <div aria-busy="true" className="h-56 animate-pulse rounded-2xl bg-navy-100">
          <span className="sr-only">{t('asset.chartLoading')}</span>
        </div>
      );
    if (points.length === 0) return <Note>{t('asset.chartEmpty')}</Note>;
    // Cents as plain numbers only to place pixels; every shown amount is formatted from the strings.
    const series = points.map((point) => ({
      date: point.date,
      price: Number(point.closePriceCents),
      average: Number(point.movingAverageCents),
    }));
    const paths = chartPaths(series);
    const first = points[0];
    const last = points[points.length - 1];
    if (!first || !last) return null;
    return (
      <figure className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-navy-100">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${id}-svg-title`}
          className="h-auto w-full"
          preserveAspectRatio="none"
        >
          <title id={`${id}-svg-title`}>{t('asset.chartTitle')}</title>
          <path d={paths.average} fill="none" stroke="var(--color-navy-500)" strokeWidth={2} strokeDasharray="6 4" />
          <path d={paths.price} fill="none" stroke="var(--color-brand)" strokeWidth={2.5} />
          <text x={PAD.left} y={HEIGHT - 6} fontSize="12" fill="var(--color-navy-700)">
            {format.day(first.date)}
          </text>
          <text x={WIDTH - PAD.right} y={HEIGHT - 6} fontSize="12" textAnchor="end" fill="var(--color-navy-700)">
            {format.day(last.date)}
          </text>
        </svg>
        <figcaption className="flex flex-col gap-2 text-sm text-navy-700">
          <span className="flex flex-wrap gap-4">
            <span className="inline-flex items-center gap-2">
              <span aria-hidden="true" className="h-0.5 w-5 bg-brand" />
              {t('asset.chartPrice')}
            </span>
            <span className="inline-flex items-center gap-2">
              <span aria-hidden="true" className="h-0 w-5 border-t-2 border-dashed border-navy-500" />
              {t('asset.chartAverage')}
            </span>
          </span>
          <span id={`${id}-summary`}>
            {t('asset.chartSummary', {
              from: format.day(first.date),
              to: format.day(last.date),
              last: format.eur(last.closePriceCents),
              average: format.eur(history.data?.averagePrice30DaysCents ?? last.movingAverageCents),
            })}
          </span>
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
