import * as ops from '@bw/api-client/operations';
import type { EnergyData } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { arrayOf, type Checked, guard, int, nullable, objectOf, type SameType, str } from '../../../lib/guard';
import { isoDay, powerPlantType } from './asset-summary-guard';

/**
 * The asset page's energy calculator checks the answer with this guard instead of the zod contract
 * (`energyData` in @bw/contracts): zod would cost the page 24 KB and its start-up work. The type proof
 * below and `get-energy-data.test.ts` (guard vs. zod for every power plant type) keep it equal to
 * the contract.
 */
const checkEnergyData = objectOf({
  assetId: str,
  powerPlantType,
  peakPowerKw: nullable(int),
  storageCapacityKwh: nullable(int),
  expectedAnnualProductionKwh: int,
  production: arrayOf(objectOf({ date: isoDay, kwh: int })),
  totals: objectOf({ periodKwh: int, last30DaysKwh: int, last365DaysKwh: int }),
  impact: objectOf({
    kwh: int,
    householdsHundredths: int,
    washingCycles: int,
    electricCarKm: int,
    phoneChargingYears: int,
    streamingHours: int,
  }),
  assumptions: objectOf({
    washingCycleWh: int,
    electricCarWhPer100Km: int,
    phoneChargingWhPerYear: int,
    streamingWhPerHour: int,
    householdWhPerYear: int,
  }),
});

export const energyDataGuardsMatchContracts: [SameType<Checked<typeof checkEnergyData>, EnergyData>] = [true];

const energyDataGuard = guard<EnergyData>(checkEnergyData);

/** GET /api/v2/assets/{id}/energyData (spec sections 7 and 9): a power plant's production and impact. */
export const getEnergyData = (client: ApiClient, id: string): Promise<EnergyData> =>
  client.get(ops.getAssetsByIdEnergyData, energyDataGuard, { path: { id } });

export const energyDataQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['asset', id, 'energyData'], queryFn: () => getEnergyData(apiClient, id), retry: false });

export const useEnergyData = (id: string, enabled: boolean) => useQuery({ ...energyDataQueryOptions(id), enabled });
