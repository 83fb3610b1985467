import { type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/i18n';
import { LazyTimeSeriesChart } from './lazy-time-series-chart';
import type { ChartRange, ChartSeries } from './time-series-chart';

/** The place of a chart while its data or its chunk loads. */
export const ChartSkeleton = ({ label }: { readonly label: string }) => (
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
 * Below this many days a chart has no course to read: one point drew a lone label on its axis
 * (issue 34). The figure then shows the values themselves, and the chart from this many days on.
 */
export const MIN_CHART_DAYS = 3;

/** The days a set of series covers, oldest first. */
const daysOf = (series: readonly ChartSeries[]): string[] =>
  [...new Set(series.flatMap((line) => line.points.map((point) => point.date)))].sort();

/** What a chart's card draws, and how it writes values and days. */
type ChartData = {
  readonly series: readonly ChartSeries[];
  readonly formatValue: (value: number) => string;
  readonly formatDay: (isoDay: string) => string;
  readonly testId: string;
};

/** The figure of a series too short for a chart: each series' latest value, and the day it is from. */
const LatestValues = ({
  series,
  formatValue,
  formatDay,
  lastDay,
  testId,
}: ChartData & { readonly lastDay: string }) => {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3" data-testid={`${testId}-values`}>
      <dl className="grid gap-3 sm:grid-cols-2">
        {series.map((line) => {
          const latest = line.points.at(-1);
          return latest ? (
            <div key={line.id} className="flex flex-col gap-1">
              <dt className="text-sm text-navy-700">{line.label}</dt>
              <dd className="text-2xl font-semibold tabular-nums text-navy-900">{formatValue(latest.value)}</dd>
            </div>
          ) : null;
        })}
      </dl>
      <p className="text-sm text-navy-700">
        {t('asset.chartTooFewDays', { day: formatDay(lastDay), count: MIN_CHART_DAYS })}
      </p>
    </div>
  );
};

/** How far below the fold a chart starts loading, so it is drawn by the time one scrolls to it. */
const NEAR_VIEWPORT_MARGIN = '0px';

/**
 * True once the element comes near the viewport (and at once where IntersectionObserver is
 * missing). A chart's chunk and its drawing are the heaviest work of the asset page; on a phone
 * they wait until the chart is about to be seen instead of delaying the first screen.
 */
const useNearViewport = (ref: RefObject<HTMLElement | null>): boolean => {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
};

/**
 * A chart in its card (issue 27): the lazy chart with the ranges, loaded when the card comes near
 * the viewport, a skeleton until it is drawn, and a caption that says in words what the chart shows
 * (for screen readers and a quick read). Fewer than `MIN_CHART_DAYS` days show their values instead.
 */
export const ChartFigure = ({
  series,
  formatValue,
  formatDay,
  loadingLabel,
  caption,
  testId,
}: ChartData & { readonly loadingLabel: string; readonly caption: ReactNode }) => {
  const { t } = useTranslation();
  const ranges = useChartRanges();
  const place = useRef<HTMLElement>(null);
  const near = useNearViewport(place);
  const days = daysOf(series);
  const lastDay = days.at(-1);
  if (lastDay && days.length < MIN_CHART_DAYS) {
    return (
      <figure className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-navy-100" data-testid={testId}>
        <LatestValues
          series={series}
          formatValue={formatValue}
          formatDay={formatDay}
          lastDay={lastDay}
          testId={testId}
        />
      </figure>
    );
  }
  return (
    <figure
      ref={place}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-navy-100"
      data-testid={testId}
    >
      {near ? (
        <Suspense fallback={<ChartSkeleton label={loadingLabel} />}>
          <LazyTimeSeriesChart
            series={series}
            formatValue={formatValue}
            formatDay={formatDay}
            ranges={ranges}
            rangeLabel={t('asset.chartRanges')}
            testId={testId}
          />
        </Suspense>
      ) : (
        <ChartSkeleton label={loadingLabel} />
      )}
      <figcaption className="text-sm text-navy-700">{caption}</figcaption>
    </figure>
  );
};
