import { transactionMetadata } from '@bw/contracts';
import { describe, expect, it } from 'vitest';
import {
  answering,
  priceHistoryFixtures,
  pricesFixture,
  refusal,
  tradedPriceHistoryFixture,
} from '../../../test/asset-fixtures';
import { getPriceHistory } from './get-transaction-metadata';

const traded = tradedPriceHistoryFixture;
const diagram = traded.diagramData;

/** The price chart checks `transactionMetadata` with a guard instead of zod: it must accept and refuse what the contract does. */
describe('transaction metadata guard vs. the zod contract', () => {
  it.each(priceHistoryFixtures.map((data) => [data.assetId, data] as const))(
    'gives the same value as the contract for %s, unknown keys dropped',
    async (id, data) => {
      const answer = {
        ...data,
        extra: 1,
        priceWarningThresholdsBps: { ...data.priceWarningThresholdsBps, extra: 2 },
        diagramData: data.diagramData && {
          ...data.diagramData,
          points: data.diagramData.points.map((entry) => ({ ...entry, extra: 3 })),
        },
      };
      const checked = await getPriceHistory(answering(answer), id);
      expect(checked).toStrictEqual(transactionMetadata.parse(answer));
      expect(checked).toStrictEqual(data);
    },
  );

  it('leaves out the chart when the answer has none, like the contract', async () => {
    const checked = await getPriceHistory(answering({ ...pricesFixture, extra: 1 }), pricesFixture.assetId);
    expect(checked).toStrictEqual(transactionMetadata.parse(pricesFixture));
    expect('diagramData' in checked).toBe(false);
  });

  const broken: [string, unknown, string][] = [
    ['a stage outside the enum', { ...traded, stage: 'listed' }, 'data.stage'],
    ['the last price as a number', { ...traded, lastPriceCents: 24_950 }, 'data.lastPriceCents'],
    ['the average with decimals', { ...traded, averagePrice30DaysCents: '24712.5' }, 'data.averagePrice30DaysCents'],
    ['no warning thresholds', { ...traded, priceWarningThresholdsBps: undefined }, 'data.priceWarningThresholdsBps'],
    ['a null chart (it may be missing, not null)', { ...traded, diagramData: null }, 'data.diagramData'],
    ['a chart without a window', { ...traded, diagramData: { points: [] } }, 'data.diagramData.windowDays'],
    [
      'a point with a German date',
      { ...traded, diagramData: { ...diagram, points: [{ ...diagram?.points[0], date: '19.11.2026' }] } },
      'data.diagramData.points[0].date',
    ],
    [
      'a point with fractional volume',
      { ...traded, diagramData: { ...diagram, points: [{ ...diagram?.points[0], volumeShares: 1.5 }] } },
      'data.diagramData.points[0].volumeShares',
    ],
  ];
  it.each(broken)('refuses %s with a GuardError, like the contract', async (_name, answer, path) => {
    expect(transactionMetadata.safeParse(answer).success).toBe(false);
    expect((await refusal(getPriceHistory(answering(answer), traded.assetId))).path).toBe(path);
  });
});
