import { lazy } from 'react';

/** The chart and lightweight-charts load when a screen first shows a chart (issue 27). */
export const LazyTimeSeriesChart = lazy(() =>
  import('./time-series-chart').then((module) => ({ default: module.TimeSeriesChart })),
);
