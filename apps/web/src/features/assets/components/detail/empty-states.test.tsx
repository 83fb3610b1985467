import type { EnergyData } from '@bw/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChartFigure, MIN_CHART_DAYS } from '../../../../components/chart-figure';
import { apiClient } from '../../../../lib/api-client';
import { setupI18n } from '../../../../lib/i18n';
import { energyDataQueryOptions } from '../../api/get-energy-data';
import { EnergyCalculator } from './energy-calculator';
import { ProductionChart } from './production-chart';

/** Issue 34: a power plant without production, a chart with one point, no endless loading. */

const get = vi.spyOn(apiClient, 'get');

const noProduction: EnergyData = {
  assetId: 'pv-neu',
  powerPlantType: 'photovoltaic',
  peakPowerKw: 1000,
  storageCapacityKwh: null,
  expectedAnnualProductionKwh: 1_750_000,
  production: [],
  totals: { periodKwh: 0, last30DaysKwh: 0, last365DaysKwh: 0 },
  impact: {
    kwh: 0,
    householdsHundredths: 0,
    washingCycles: 0,
    electricCarKm: 0,
    phoneChargingYears: 0,
    streamingHours: 0,
  },
  assumptions: {
    washingCycleWh: 750,
    electricCarWhPer100Km: 15_400,
    phoneChargingWhPerYear: 5000,
    streamingWhPerHour: 200,
    householdWhPerYear: 4_500_000,
  },
};

const asset = {
  id: 'pv-neu',
  pricePerShareCents: '10000',
  totalShares: 10_000,
  expectedAnnualProductionKwh: 1_750_000,
  energyData: { url: '/api/v2/assets/pv-neu/energyData', expectedAnnualProductionKwh: 1_750_000 },
};

const withEnergyData = (data: EnergyData, children: ReactNode) => {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(energyDataQueryOptions(data.assetId).queryKey, data);
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
};

describe('empty and edge states of the asset page (issue 34)', () => {
  beforeAll(async () => {
    await setupI18n('de-AT');
  });
  afterEach(() => {
    cleanup();
    get.mockReset();
  });

  it('the production box says that the plant has not produced yet, instead of loading for ever', () => {
    withEnergyData(noProduction, <ProductionChart asset={asset} />);
    expect(
      screen.getByText(
        'Die Anlage hat noch keinen Strom produziert. Sobald sie einspeist, siehst du hier ihre Produktion pro Tag.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Produktionsdaten werden geladen …')).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });

  it('the energy block says there is no measured production, not "0,00 Haushalte"', () => {
    withEnergyData(noProduction, <EnergyCalculator asset={asset} />);
    expect(screen.getByTestId('energy-no-production').textContent).toBe(
      'Noch keine gemessene Produktion: Die Anlage speist noch keinen Strom ein.',
    );
    expect(screen.queryByText(/0,00 Haushalte/)).toBeNull();
    // The calculator itself still works from the expected production: 1.000 € = 10 of 10.000 shares.
    expect(within(screen.getByTestId('energy-result')).getByText('1.750 kWh')).toBeTruthy();
  });

  it('writes less than a hundredth of a household as such, not as 0,00', () => {
    const tiny = { ...asset, totalShares: 1_000_000, expectedAnnualProductionKwh: 100_000 };
    withEnergyData(noProduction, <EnergyCalculator asset={tiny} />);
    const households = within(screen.getByTestId('energy-result')).getByText('Haushalte versorgt');
    expect(households.nextElementSibling?.textContent).toBe('unter 0,01');
  });

  it(`a chart with fewer than ${MIN_CHART_DAYS} days shows the figures, not a chart with a lone axis label`, () => {
    render(
      <ChartFigure
        series={[
          {
            id: 'price',
            label: 'Preis pro Anteil',
            color: '--color-brand',
            kind: 'line',
            points: [{ date: '2026-12-07', value: 10_200 }],
          },
          {
            id: 'average',
            label: 'Gewichteter Ø 30 Tage',
            color: '--color-navy-500',
            kind: 'dashed',
            points: [{ date: '2026-12-07', value: 10_200 }],
          },
        ]}
        formatValue={(cents) => `${(cents / 100).toFixed(2).replace('.', ',')} €`}
        formatDay={(day) => day.split('-').reverse().join('.')}
        loadingLabel="lädt"
        caption="Preis von 07.12.2026 bis 07.12.2026"
        testId="price-chart"
      />,
    );
    const values = screen.getByTestId('price-chart-values');
    expect(within(values).getByText('Preis pro Anteil').nextElementSibling?.textContent).toBe('102,00 €');
    expect(values.textContent).toContain(
      'Stand 07.12.2026. Den Verlauf zeigen wir, sobald es Werte von mindestens 3 Tagen gibt.',
    );
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.queryByText('lädt')).toBeNull();
  });
});
