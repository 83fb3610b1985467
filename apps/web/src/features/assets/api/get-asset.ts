import * as ops from '@bw/api-client/operations';
import type { AssetDetail, AssetDocument, AssetRecord } from '@bw/contracts';
import { buildingConditions, constructionTypes, contractTypes, heatingTypes } from '@bw/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import {
  arrayOf,
  bool,
  type Checked,
  guard,
  int,
  literal,
  nullable,
  objectOf,
  oneOf,
  type SameType,
  str,
} from '../../../lib/guard';
import { assetSummaryShape, cents, isoDay } from './asset-summary-guard';
import { checkOffer } from './get-asset-offers';
import { assetQueryKey } from './query-keys';

/**
 * The asset page checks the answer with this guard instead of the zod contract (`assetDetail` in
 * @bw/contracts, which extends `assetSummary`): zod would cost the page 24 KB and its start-up work.
 * The type proof below and `get-asset.test.ts` (guard vs. zod on every template kind and power plant
 * type of the demo catalogue) keep it equal to the contract.
 */
const intOrNull = nullable(int);
const strOrNull = nullable(str);
const centsOrNull = nullable(cents);
const dayOrNull = nullable(isoDay);
const scenario = objectOf({ distributionBps: int, valueGrowthBps: int });

const checkAssetRecord = objectOf({
  id: str,
  assetId: str,
  recordedOn: isoDay,
  kind: str,
  title: str,
  body: str,
  imageUrl: strOrNull,
});

const checkAssetDocument = objectOf({ id: str, kind: str, title: str, fileName: str, url: str });

const checkAssetDetail = objectOf({
  ...assetSummaryShape,
  description: str,
  images: arrayOf(str),
  features: arrayOf(objectOf({ key: str, label: str })),
  buildingType: strOrNull,
  constructionType: nullable(oneOf(constructionTypes)),
  buildingCondition: nullable(oneOf(buildingConditions)),
  heatingType: nullable(oneOf(heatingTypes)),
  contractType: nullable(oneOf(contractTypes)),
  constructionYear: intOrNull,
  isin: strOrNull,
  serialNumber: str,
  notaryDate: dayOrNull,
  shares: int,
  fundingLimitCents: cents,
  fundingThresholdCents: cents,
  marketCapitalizationCents: cents,
  totalVolumeCents: cents,
  debtRatioBps: int,
  originalLoanAmountCents: cents,
  outstandingLoanAmountCents: cents,
  repaymentAmountPerShareCents: cents,
  financingBank: strOrNull,
  collateral: strOrNull,
  nextDistributionDate: dayOrNull,
  durationYears: intOrNull,
  endlessTerm: bool,
  maturityDate: dayOrNull,
  observationPeriodMonths: intOrNull,
  rentIndexation: strOrNull,
  leverageOnDayBps: intOrNull,
  leverageVolumeCents: centsOrNull,
  expectedConstructionStart: dayOrNull,
  expectedDistributionStart: dayOrNull,
  scenarios: nullable(objectOf({ stress: scenario, medium: scenario, optimistic: scenario })),
  areaSquareMeters: intOrNull,
  floor: intOrNull,
  rooms: intOrNull,
  equipment: strOrNull,
  doorNumber: strOrNull,
  occupancyRateBps: intOrNull,
  liquidityReserveCents: centsOrNull,
  managementCostsCentsPerYear: centsOrNull,
  netRentalIncomeCentsPerYear: centsOrNull,
  monthlyRentCents: centsOrNull,
  rentedUnitsCount: intOrNull,
  totalUnitsCount: intOrNull,
  peakPowerKw: intOrNull,
  storageCapacityKwh: intOrNull,
  expectedAnnualProductionKwh: intOrNull,
  fees: objectOf({ transactionFeeBps: int, brokerageFeeBps: int }),
  records: arrayOf(checkAssetRecord),
  recordsFetched: bool,
  documents: arrayOf(checkAssetDocument),
  middlewareDocuments: arrayOf(checkAssetDocument),
  offers: arrayOf(checkOffer),
  energyData: nullable(objectOf({ url: str, expectedAnnualProductionKwh: int })),
  diagramData: literal(null),
});

export const assetDetailGuardsMatchContracts: [
  SameType<Checked<typeof checkAssetRecord>, AssetRecord>,
  SameType<Checked<typeof checkAssetDocument>, AssetDocument>,
  SameType<Checked<typeof checkAssetDetail>, AssetDetail>,
] = [true, true, true];

const assetDetailGuard = guard<AssetDetail>(checkAssetDetail);

/** GET /api/v2/assets/{id} (spec section 7): every field of spec section 3, records, documents, offers. */
export const getAsset = (client: ApiClient, id: string): Promise<AssetDetail> =>
  client.get(ops.getAssetsById, assetDetailGuard, { path: { id } });

export const assetQueryOptions = (id: string) =>
  queryOptions({ queryKey: assetQueryKey(id), queryFn: () => getAsset(apiClient, id), retry: false });

export const useAsset = (id: string) => useQuery(assetQueryOptions(id));
