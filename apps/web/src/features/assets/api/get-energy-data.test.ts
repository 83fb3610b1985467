import { energyData } from '@bw/contracts';
import { powerPlantTypes } from '@bw/domain';
import { describe, expect, it } from 'vitest';
import { answering, energyDataFixtures, refusal } from '../../../test/asset-fixtures';
import { getEnergyData } from './get-energy-data';

const pv = energyDataFixtures.find((data) => data.powerPlantType === 'photovoltaic');

/** The energy calculator checks `energyData` with a guard instead of zod: it must accept and refuse what the contract does. */
describe('energy data guard vs. the zod contract', () => {
  it('has a fixture for every power plant type', () => {
    expect(new Set(energyDataFixtures.map((data) => data.powerPlantType))).toEqual(new Set(powerPlantTypes));
  });

  it.each(energyDataFixtures.map((data) => [data.powerPlantType, data] as const))(
    'gives the same value as the contract for %s, unknown keys dropped',
    async (_type, data) => {
      const answer = {
        ...data,
        extra: 1,
        production: data.production.map((entry) => ({ ...entry, extra: 2 })),
        impact: { ...data.impact, extra: 3 },
      };
      const checked = await getEnergyData(answering(answer), data.assetId);
      expect(checked).toStrictEqual(energyData.parse(answer));
      expect(checked).toStrictEqual(data);
    },
  );

  const broken: [string, unknown, string][] = [
    ['a power plant type outside the enum', { ...pv, powerPlantType: 'hydro' }, 'data.powerPlantType'],
    ['no power plant type', { ...pv, powerPlantType: null }, 'data.powerPlantType'],
    ['peak power as a string', { ...pv, peakPowerKw: '3000' }, 'data.peakPowerKw'],
    ['no expected production', { ...pv, expectedAnnualProductionKwh: null }, 'data.expectedAnnualProductionKwh'],
    [
      'a production day with a time',
      { ...pv, production: [{ date: '2026-11-19T00:00', kwh: 1 }] },
      'data.production[0].date',
    ],
    ['fractional kWh', { ...pv, production: [{ date: '2026-11-19', kwh: 8630.5 }] }, 'data.production[0].kwh'],
    ['totals missing', { ...pv, totals: undefined }, 'data.totals'],
    [
      'an impact without households',
      { ...pv, impact: { ...pv?.impact, householdsHundredths: undefined } },
      'data.impact.householdsHundredths',
    ],
    ['null assumptions', { ...pv, assumptions: null }, 'data.assumptions'],
  ];
  it.each(broken)('refuses %s with a GuardError, like the contract', async (_name, answer, path) => {
    expect(energyData.safeParse(answer).success).toBe(false);
    expect((await refusal(getEnergyData(answering(answer), 'pv-landshut-agri'))).path).toBe(path);
  });
});
