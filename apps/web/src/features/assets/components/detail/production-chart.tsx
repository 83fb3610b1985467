import type { AssetDetail } from '@bw/contracts';
import { useId, useMemo } from 'react';
import { ChartFigure, ChartSkeleton } from '../../../../components/chart-figure';
import type { ChartSeries } from '../../../../components/time-series-chart';
import { useTranslation } from '../../../../lib/i18n';
import { useEnergyData } from '../../api/get-energy-data';
import { useFormat } from '../../hooks/use-format';
import { Note, Panel } from './fact-list';

/**
 * A power plant's measured production per day (issue 27), from its energy data; a plant that has
 * not produced yet says so (issue 34) instead of loading for ever.
 */
export const ProductionChart = ({ asset }: { readonly asset: Pick<AssetDetail, 'id' | 'energyData'> }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const energy = useEnergyData(asset.id, asset.energyData !== null);
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
      {!production ? (
        <ChartSkeleton label={t('asset.energyLoading')} />
      ) : !first || !last ? (
        <Note>{t('asset.productionEmpty')}</Note>
      ) : (
        <ChartFigure
          series={series}
          formatValue={(kwh) => t('asset.kwhValue', { value: format.count(Math.round(kwh)) })}
          formatDay={format.day}
          loadingLabel={t('asset.energyLoading')}
          testId="production-chart"
          caption={t('asset.productionSummary', {
            from: format.day(first.date),
            to: format.day(last.date),
            total: format.count(production.reduce((sum, day) => sum + day.kwh, 0)),
          })}
        />
      )}
    </Panel>
  );
};
