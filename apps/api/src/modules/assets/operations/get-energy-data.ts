import type { EnergyData } from '@bw/contracts';
import type { Db } from '@bw/db';
import { ENERGY_ASSUMPTIONS, energyImpactRoundedDown } from '@bw/domain';
import { AppError } from '../../../lib/app-error.js';
import { listProduction } from '../assets.repo.js';
import { requireListedAsset } from './get-asset.js';

const MS_PER_DAY = 86_400_000;
const YEAR_DAYS = 365;
const MONTH_DAYS = 30;

const dayBefore = (nowMs: number, days: number): string =>
  new Date(nowMs - days * MS_PER_DAY).toISOString().slice(0, 10);
const sumKwh = (rows: { date: string; kwh: number }[], sinceDay: string): number =>
  rows.reduce((sum, row) => (row.date >= sinceDay ? sum + row.kwh : sum), 0);

/** GET /api/v2/assets/{id}/energyData: daily production (kWh) and its impact in household terms (spec section 9). */
export const getEnergyData = async (
  db: Db,
  id: string,
  days: number,
  nowMs: number = Date.now(),
): Promise<EnergyData> => {
  const row = await requireListedAsset(db, id);
  if (!row.powerPlantType || row.expectedAnnualProductionKwh === null) throw new AppError('ENERGY_DATA_NOT_AVAILABLE');
  const rows = await listProduction(db, id, dayBefore(nowMs, Math.max(days, YEAR_DAYS)));
  const periodStart = dayBefore(nowMs, days);
  const last365DaysKwh = sumKwh(rows, dayBefore(nowMs, YEAR_DAYS));
  return {
    assetId: row.id,
    powerPlantType: row.powerPlantType,
    peakPowerKw: row.peakPowerKw,
    storageCapacityKwh: row.storageCapacityKwh,
    expectedAnnualProductionKwh: row.expectedAnnualProductionKwh,
    production: rows.filter((r) => r.date >= periodStart),
    totals: {
      periodKwh: sumKwh(rows, periodStart),
      last30DaysKwh: sumKwh(rows, dayBefore(nowMs, MONTH_DAYS)),
      last365DaysKwh,
    },
    impact: energyImpactRoundedDown(last365DaysKwh),
    assumptions: { ...ENERGY_ASSUMPTIONS },
  };
};
