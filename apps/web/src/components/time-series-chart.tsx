import {
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  LineStyle,
  type MouseEventParams,
  type SeriesType,
  type Time,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';

/**
 * A time series chart (issue 27) on TradingView's lightweight-charts: price and time axes, a
 * crosshair whose values show in the legend above (the tooltip), and range buttons. Its own lazy
 * chunk (`lazy-time-series-chart.tsx`); the screens that show it pass what to draw and how to
 * write the values, so amounts stay integer cents until they are formatted.
 */
export type ChartSeries = {
  readonly id: string;
  readonly label: string;
  /** A CSS custom property of the theme, e.g. `--color-brand`, or a colour. */
  readonly color: string;
  readonly kind: 'line' | 'dashed' | 'bars';
  readonly points: readonly { readonly date: string; readonly value: number }[];
};

export type ChartRange = { readonly id: string; readonly label: string; readonly days: number | null };

export type TimeSeriesChartProps = {
  readonly series: readonly ChartSeries[];
  /** How an axis label or a legend value is written. */
  readonly formatValue: (value: number) => string;
  readonly formatDay: (isoDay: string) => string;
  readonly ranges: readonly ChartRange[];
  readonly rangeLabel: string;
  /** Prefix of the legend's test ids; the surrounding figure carries the id itself (chart-figure.tsx). */
  readonly testId: string;
};

const CHART_HEIGHT_PX = 240;
const DAY_MS = 86_400_000;

/** The theme's colour of a custom property (the chart draws on a canvas, which does not read CSS). */
const cssColor = (element: HTMLElement, color: string): string =>
  color.startsWith('--') ? getComputedStyle(element).getPropertyValue(color).trim() || '#334155' : color;

const addSeries = (chart: IChartApi, element: HTMLElement, series: ChartSeries): ISeriesApi<SeriesType> => {
  const color = cssColor(element, series.color);
  const created =
    series.kind === 'bars'
      ? chart.addSeries(HistogramSeries, { color, priceLineVisible: false, lastValueVisible: false })
      : chart.addSeries(LineSeries, {
          color,
          lineWidth: 2,
          lineStyle: series.kind === 'dashed' ? LineStyle.Dashed : LineStyle.Solid,
          priceLineVisible: false,
          lastValueVisible: false,
          crosshairMarkerRadius: 4,
        });
  created.setData(series.points.map((point) => ({ time: point.date as Time, value: point.value })));
  return created;
};

const dayOf = (time: Time | undefined): string | null => (typeof time === 'string' ? time : null);

export const TimeSeriesChart = ({
  series,
  formatValue,
  formatDay,
  ranges,
  rangeLabel,
  testId,
}: TimeSeriesChartProps) => {
  const box = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const lastDay =
    series
      .flatMap((each) => each.points.map((point) => point.date))
      .sort()
      .at(-1) ?? null;
  const [hover, setHover] = useState<{ day: string; values: Map<string, number> } | null>(null);
  const [range, setRange] = useState(ranges.at(-1)?.id ?? '');
  const latest = useRef({ formatValue, formatDay });
  latest.current = { formatValue, formatDay };

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart = createChart(element, {
      autoSize: true,
      height: CHART_HEIGHT_PX,
      layout: {
        background: { type: ColorType.Solid, color: '#ffffff' },
        textColor: cssColor(element, '--color-navy-700'),
        fontFamily: getComputedStyle(element).fontFamily,
        attributionLogo: true,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: cssColor(element, '--color-navy-100') } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
      localization: {
        priceFormatter: (value: number) => latest.current.formatValue(value),
        timeFormatter: (time: Time) => (dayOf(time) ? latest.current.formatDay(dayOf(time) ?? '') : ''),
      },
      handleScroll: false,
      handleScale: false,
    });
    chartRef.current = chart;
    const created = series.map((each) => [each.id, addSeries(chart, element, each)] as const);
    chart.timeScale().fitContent();
    const onMove = (param: MouseEventParams) => {
      const day = dayOf(param.time);
      if (!day) {
        setHover(null);
        return;
      }
      const values = new Map<string, number>();
      for (const [id, api] of created) {
        const point = param.seriesData.get(api) as { value?: number } | undefined;
        if (point?.value !== undefined) values.set(id, point.value);
      }
      setHover({ day, values });
    };
    chart.subscribeCrosshairMove(onMove);
    return () => {
      chart.unsubscribeCrosshairMove(onMove);
      chart.remove();
      chartRef.current = null;
    };
  }, [series]);

  const choose = (choice: ChartRange) => {
    setRange(choice.id);
    const scale = chartRef.current?.timeScale();
    if (!scale) return;
    if (choice.days === null || !lastDay) {
      scale.fitContent();
      return;
    }
    const to = Date.parse(`${lastDay}T00:00:00Z`);
    const from = new Date(to - choice.days * DAY_MS).toISOString().slice(0, 10);
    scale.setVisibleRange({ from: from as Time, to: lastDay as Time });
  };

  /** The legend shows the values under the crosshair, else the last ones. */
  const shownValue = (each: ChartSeries): number | undefined =>
    hover ? hover.values.get(each.id) : each.points.at(-1)?.value;
  const day = hover?.day ?? lastDay;

  return (
    <div className="flex flex-col gap-3">
      <div aria-live="polite" className="flex flex-wrap items-baseline gap-x-4 gap-y-1 text-sm text-navy-700">
        {day ? (
          <span data-testid={`${testId}-day`} className="font-medium text-navy-900">
            {formatDay(day)}
          </span>
        ) : null}
        {series.map((each) => {
          const value = shownValue(each);
          return (
            <span key={each.id} className="inline-flex items-center gap-2" data-testid={`${testId}-legend-${each.id}`}>
              <span
                aria-hidden="true"
                className={each.kind === 'dashed' ? 'h-0 w-5 border-t-2 border-dashed' : 'h-0.5 w-5'}
                style={
                  each.kind === 'dashed'
                    ? { borderColor: `var(${each.color})` }
                    : { backgroundColor: each.color.startsWith('--') ? `var(${each.color})` : each.color }
                }
              />
              {each.label}
              {value === undefined ? null : <strong className="text-navy-900">{formatValue(value)}</strong>}
            </span>
          );
        })}
      </div>
      <div ref={box} className="w-full" style={{ height: CHART_HEIGHT_PX }} />
      {ranges.length > 1 ? (
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{rangeLabel}</legend>
          {ranges.map((choice) => (
            <button
              key={choice.id}
              type="button"
              aria-pressed={range === choice.id}
              onClick={() => choose(choice)}
              className={`min-h-11 min-w-11 rounded-full px-3 text-sm font-medium ring-1 ${
                range === choice.id ? 'bg-navy-900 text-white ring-navy-900' : 'bg-white text-navy-900 ring-navy-300'
              }`}
            >
              {choice.label}
            </button>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
};
