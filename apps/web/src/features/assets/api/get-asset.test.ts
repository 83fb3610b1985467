import { type AssetDetail, assetDetail } from '@bw/contracts';
import { assetTemplateKinds, powerPlantTypes } from '@bw/domain';
import { describe, expect, it } from 'vitest';
import { answering, detailFixture, detailFixtures, refusal } from '../../../test/asset-fixtures';
import { getAsset } from './get-asset';

const landshut = detailFixture('pv-landshut-agri');
const ottakring = detailFixture('wien-ottakring-zinshaus');

/** Unknown keys on every level the asset page reads; zod drops them, so must the guard. */
const withExtras = (asset: AssetDetail) => ({
  ...asset,
  extra: 1,
  fees: { ...asset.fees, extra: 2 },
  records: asset.records.map((entry) => ({ ...entry, extra: 3 })),
  offers: asset.offers.map((offer) => ({ ...offer, firstParty: { ...offer.firstParty, extra: 4 } })),
  scenarios: asset.scenarios && { ...asset.scenarios, medium: { ...asset.scenarios.medium, extra: 5 } },
  investmentDetails: { ...asset.investmentDetails, spv: { ...asset.investmentDetails.spv, extra: 6 } },
});

/** The asset page checks `assetDetail` with a guard instead of zod: it must accept and refuse what the contract does. */
describe('asset detail guard vs. the zod contract', () => {
  it('has a fixture for every template kind and power plant type', () => {
    expect(new Set(detailFixtures.map((asset) => asset.templateKind))).toEqual(new Set(assetTemplateKinds));
    expect(new Set(detailFixtures.map((asset) => asset.powerPlantType))).toEqual(new Set([...powerPlantTypes, null]));
  });

  it.each(detailFixtures.map((asset) => [asset.id, asset] as const))(
    'gives the same value as the contract for %s, unknown keys dropped',
    async (id, asset) => {
      const answer = withExtras(asset);
      const checked = await getAsset(answering(answer), id);
      expect(checked).toStrictEqual(assetDetail.parse(answer));
      expect(checked).toStrictEqual(asset);
    },
  );

  const broken: [string, unknown, string][] = [
    ['a stage outside the enum (summary part)', { ...landshut, stage: 'listed' }, 'data.stage'],
    ['a heating type outside the enum', { ...ottakring, heatingType: 'coal' }, 'data.heatingType'],
    ['a construction type outside the enum', { ...landshut, constructionType: 'floating' }, 'data.constructionType'],
    ['a missing serial number', { ...landshut, serialNumber: undefined }, 'data.serialNumber'],
    ['a floor as a string', { ...landshut, floor: '3' }, 'data.floor'],
    ['fractional rooms', { ...landshut, rooms: 2.5 }, 'data.rooms'],
    ['money as a number', { ...landshut, fundingLimitCents: 180_000_000 }, 'data.fundingLimitCents'],
    ['nullable money with decimals', { ...ottakring, monthlyRentCents: '9833.33' }, 'data.monthlyRentCents'],
    ['a German date', { ...landshut, notaryDate: '10.09.2024' }, 'data.notaryDate'],
    ['a null end of term flag', { ...landshut, endlessTerm: null }, 'data.endlessTerm'],
    ['images that are not strings', { ...landshut, images: ['/a.webp', null] }, 'data.images[1]'],
    ['features as strings', { ...landshut, features: ['oldTown'] }, 'data.features[0]'],
    [
      'a scenario missing',
      { ...landshut, scenarios: { stress: {}, optimistic: {} } },
      'data.scenarios.stress.distributionBps',
    ],
    [
      'a record without a date',
      { ...landshut, records: [{ ...landshut.records[0], recordedOn: null }] },
      'data.records[0].recordedOn',
    ],
    ['documents missing', { ...landshut, documents: undefined }, 'data.documents'],
    [
      'an offer of an unknown party',
      { ...landshut, offers: [{ ...landshut.offers[0], firstParty: { kind: 'bank', name: 'x' } }] },
      'data.offers[0].firstParty.kind',
    ],
    [
      'energy data with fractional kWh',
      { ...landshut, energyData: { url: '/x', expectedAnnualProductionKwh: 1.5 } },
      'data.energyData.expectedAnnualProductionKwh',
    ],
    ['diagram data already filled', { ...landshut, diagramData: { points: [] } }, 'data.diagramData'],
    ['fees missing', { ...landshut, fees: null }, 'data.fees'],
    ['not an object', [landshut], 'data'],
  ];
  it.each(broken)('refuses %s with a GuardError, like the contract', async (_name, answer, path) => {
    expect(assetDetail.safeParse(answer).success).toBe(false);
    expect((await refusal(getAsset(answering(answer), landshut.id))).path).toBe(path);
  });
});
