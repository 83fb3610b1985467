import type { AssetDetail } from '@bw/contracts';
import { Suspense, useId, useMemo } from 'react';
import { LazyTimeSeriesChart } from '../../../../components/lazy-time-series-chart';
import type { ChartSeries } from '../../../../components/time-series-chart';
import { useTranslation } from '../../../../lib/i18n';
import { useEnergyData } from '../../api/get-energy-data';
import { useFormat } from '../../hooks/use-format';
import { Panel } from './fact-list';
import { useChartRanges } from './price-chart';

/** A power plant's measured production per day (issue 27), from its energy data. */
export const ProductionChart = ({ asset }: { readonly asset: Pick<AssetDetail, 'id' | 'energyData'> }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const energy = useEnergyData(asset.id, asset.energyData !== null);
  const ranges = useChartRanges();
  const production = energy.data?.production;
  const series = useMemo<ChartSeries[]>(
    () =>
      production
        ? [
            {
              id: 'production',
              label: t('asset.productionSeries'),
              color: '--color-brand',
              kind: 'bars',
              points: production.map((day) => ({ date: day.date, value: day.kwh })),
            },
          ]
        : [],
    [production, t],
  );
  const first = production?.[0];
  const last = production?.at(-1);
  if (!asset.energyData || energy.isError) return null;
  return (
    <Panel title={t('asset.productionTitle')} id={`${id}-title`}>
      {!production || !first || !last ? (
        <div aria-busy="true" className="h-60 animate-pulse rounded-2xl bg-navy-100">
          <span className="sr-only">{t('asset.energyLoading')}</span>
        </div>
      ) : (
        <figure className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-navy-100">
          <Suspense fallback={<div className="h-60 animate-pulse rounded-2xl bg-navy-100" />}>
            <LazyTimeSeriesChart
              series={series}
              formatValue={(kwh) => t('asset.kwhValue', { value: format.count(Math.round(kwh)) })}
              formatDay={format.day}
              ranges={ranges}
              rangeLabel={t('asset.chartRanges')}
              testId="production-chart"
            />
          </Suspense>
          <figcaption className="text-sm text-navy-700">
            {t('asset.productionSummary', {
              from: format.day(first.date),
              to: format.day(last.date),
              total: format.count(production.reduce((sum, day) => sum + day.kwh, 0)),
            })}
          </figcaption>
        </figure>
      )}
    </Panel>
  );
};
