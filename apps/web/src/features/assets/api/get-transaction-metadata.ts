import * as ops from '@bw/api-client/operations';
import type { TransactionMetadata } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { arrayOf, type Checked, guard, int, nullable, objectOf, type SameType, str } from '../../../lib/guard';
import { assetStage, cents, isoDay } from './asset-summary-guard';

/**
 * The asset page's price chart (and the trading screens) check the answer with this guard instead of
 * the zod contract (`transactionMetadata` in @bw/contracts): zod would cost the page 24 KB and its
 * start-up work. The type proofs below and `get-transaction-metadata.test.ts` (guard vs. zod with and
 * without trades and chart) keep it equal to the contract.
 */
const centsOrNull = nullable(cents);

const checkPrices = objectOf({
  assetId: str,
  stage: assetStage,
  pricePerShareCents: cents,
  lowestOfferPrice: centsOrNull,
  availableBricksSecondary: int,
  averagePrice30DaysCents: centsOrNull,
  lastPriceCents: centsOrNull,
  priceWarningThresholdsBps: objectOf({ info: int, confirm: int }),
});

const checkDiagramData = objectOf({
  points: arrayOf(
    objectOf({ date: isoDay, priceCents: cents, closePriceCents: cents, volumeShares: int, movingAverageCents: cents }),
  ),
  windowDays: int,
});

type Metadata = Checked<typeof checkPrices> & { diagramData?: Checked<typeof checkDiagramData> };

/** `diagramData` is optional (only with `?fields=diagramData`): as in zod, a missing key stays missing. */
const checkTransactionMetadata = (input: unknown, path: string): Metadata => {
  const prices: Metadata = checkPrices(input, path);
  const { diagramData } = input as { diagramData?: unknown };
  return diagramData === undefined
    ? prices
    : { ...prices, diagramData: checkDiagramData(diagramData, `${path}.diagramData`) };
};

/** `SameType` cannot tell an optional key from a missing one, so the keys and `diagramData` get proofs of their own. */
export const transactionMetadataGuardsMatchContracts: [
  SameType<Checked<typeof checkTransactionMetadata>, TransactionMetadata>,
  SameType<keyof Metadata, keyof TransactionMetadata>,
  SameType<Checked<typeof checkDiagramData>, NonNullable<TransactionMetadata['diagramData']>>,
] = [true, true, true];

const transactionMetadataGuard = guard<TransactionMetadata>(checkTransactionMetadata);

/**
 * GET /api/v1/assets/transactionMetadata/{id}?fields=diagramData (spec section 7): daily prices and
 * their 30-day volume-weighted average for the price chart.
 */
export const getPriceHistory = (client: ApiClient, id: string): Promise<TransactionMetadata> =>
  client.get(ops.getAssetsTransactionMetadataById, transactionMetadataGuard, {
    path: { id },
    query: { fields: 'diagramData' },
  });

export const priceHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['asset', id, 'priceHistory'],
    queryFn: () => getPriceHistory(apiClient, id),
    retry: false,
  });

export const usePriceHistory = (id: string, enabled: boolean) => useQuery({ ...priceHistoryQueryOptions(id), enabled });
