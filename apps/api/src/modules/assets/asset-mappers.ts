import type { AssetDetail, AssetSummary, Offer } from '@bw/contracts';
import { availableBricks, feeRoundedHalfUp, NEW_ASSET_WINDOW_DAYS } from '@bw/domain';
import type { AssetRow } from './assets.repo.js';

const MS_PER_DAY = 86_400_000;
const centsOrNull = (value: bigint | null): string | null => (value === null ? null : value.toString());

export const spvOf = (row: AssetRow) => ({
  name: row.spvName,
  registerNumber: row.spvRegisterNumber,
  address: { street: row.spvStreet, postalCode: row.spvPostalCode, city: row.spvCity, countryCode: row.spvCountryCode },
});

/** The marketplace card of an asset; per-user fields (liked, userInvested) start false. */
export const toAssetSummary = (row: AssetRow, likes: number, nowMs: number): AssetSummary => ({
  id: row.id,
  title: row.title,
  subtitle: row.subtitle,
  templateKind: row.templateKind,
  stage: row.stage,
  debtCapital: row.debtCapital,
  securityType: row.securityType,
  objectType: row.objectType,
  propertyType: row.propertyType,
  constructionStatus: row.constructionStatus,
  powerPlantType: row.powerPlantType,
  address: {
    street: row.street,
    houseNumber: row.houseNumber,
    postalCode: row.postalCode,
    city: row.city,
    region: row.region,
    countryCode: row.countryCode,
    latitude: row.latitude,
    longitude: row.longitude,
  },
  imageUrl: row.images[0] ?? null,
  pricePerShareCents: row.pricePerShareCents.toString(),
  totalShares: row.totalShares,
  availableShares: row.availableShares,
  minimumSubscriptionShares: row.minimumSubscriptionShares,
  expectedOngoingDistributionBps: row.expectedOngoingDistributionBps,
  expectedRentalReturnBps: row.expectedRentalReturnBps,
  distributionFrequency: row.distributionFrequency,
  investmentDetails: {
    securityType: row.securityType,
    stage: row.stage,
    availableBricks: availableBricks(row),
    spv: spvOf(row),
  },
  availableBricksSecondary: row.availableBricksSecondary,
  lowestOfferPrice: centsOrNull(row.lowestOfferPriceCents),
  likes,
  liked: false,
  userInvested: false,
  green: row.green,
  forcedRanking: row.forcedRanking,
  onlyPrimary: row.onlyPrimary,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  isNew: row.publishedAt !== null && row.publishedAt.getTime() >= nowMs - NEW_ASSET_WINDOW_DAYS * MS_PER_DAY,
});

/** The issuer's primary offer: the shares still with the issuer at the fixed price (spec section 1). */
export const issuerOffer = (row: AssetRow, transactionFeeBps: number): Offer | null => {
  if (row.stage !== 'primary' || row.availableShares <= 0) return null;
  const totalPrice = row.pricePerShareCents * BigInt(row.availableShares);
  const fee = feeRoundedHalfUp(totalPrice, transactionFeeBps);
  return {
    offerId: `primary-${row.id}`,
    assetId: row.id,
    status: 'open',
    type: 'primary',
    visibility: 'bulletin',
    firstParty: { kind: 'issuer', name: row.spvName },
    secondParty: null,
    amount: totalPrice.toString(),
    sharesAmount: row.availableShares,
    price: row.pricePerShareCents.toString(),
    totalPrice: totalPrice.toString(),
    transactionFee: fee.toString(),
    transactionTotalAmount: (totalPrice + fee).toString(),
    transactionFeeBps,
    interestedParty: null,
    signingRequest: null,
    deleteRequest: null,
  };
};

export const documentUrl = (assetId: string, documentId?: string): string =>
  `/api/v1/assets/${assetId}/documents/${documentId ? `?documentId=${documentId}` : ''}`;

export const middlewareDocuments = (assetId: string) => [
  {
    id: `${assetId}-contract`,
    kind: 'authorizationAndBuyContract',
    title: 'Vollmacht und Kaufvertrag',
    fileName: `vertrag-${assetId}.pdf`,
    url: documentUrl(assetId),
  },
];

type DetailExtras = Pick<AssetDetail, 'fees' | 'records' | 'documents' | 'offers' | 'liked' | 'likes' | 'shares'>;

export const toAssetDetail = (row: AssetRow, extras: DetailExtras, nowMs: number): AssetDetail => ({
  ...toAssetSummary(row, extras.likes, nowMs),
  liked: extras.liked,
  description: row.description,
  images: row.images,
  features: row.features,
  buildingType: row.buildingType,
  constructionType: row.constructionType,
  buildingCondition: row.buildingCondition,
  heatingType: row.heatingType,
  contractType: row.contractType,
  constructionYear: row.constructionYear,
  isin: row.isin,
  serialNumber: row.serialNumber,
  notaryDate: row.notaryDate,
  shares: extras.shares,
  fundingLimitCents: row.fundingLimitCents.toString(),
  fundingThresholdCents: row.fundingThresholdCents.toString(),
  marketCapitalizationCents: row.marketCapitalizationCents.toString(),
  totalVolumeCents: row.totalVolumeCents.toString(),
  debtRatioBps: row.debtRatioBps,
  originalLoanAmountCents: row.originalLoanAmountCents.toString(),
  outstandingLoanAmountCents: row.outstandingLoanAmountCents.toString(),
  repaymentAmountPerShareCents: row.repaymentAmountPerShareCents.toString(),
  financingBank: row.financingBank,
  collateral: row.collateral,
  nextDistributionDate: row.nextDistributionDate,
  durationYears: row.durationYears,
  endlessTerm: row.endlessTerm,
  maturityDate: row.maturityDate,
  observationPeriodMonths: row.observationPeriodMonths,
  rentIndexation: row.rentIndexation,
  leverageOnDayBps: row.leverageOnDayBps,
  leverageVolumeCents: centsOrNull(row.leverageVolumeCents),
  expectedConstructionStart: row.expectedConstructionStart,
  expectedDistributionStart: row.expectedDistributionStart,
  scenarios: row.scenarios,
  areaSquareMeters: row.areaSquareMeters,
  floor: row.floor,
  rooms: row.rooms,
  equipment: row.equipment,
  doorNumber: row.doorNumber,
  occupancyRateBps: row.occupancyRateBps,
  liquidityReserveCents: centsOrNull(row.liquidityReserveCents),
  managementCostsCentsPerYear: centsOrNull(row.managementCostsCentsPerYear),
  netRentalIncomeCentsPerYear: centsOrNull(row.netRentalIncomeCentsPerYear),
  monthlyRentCents: centsOrNull(row.monthlyRentCents),
  rentedUnitsCount: row.rentedUnitsCount,
  totalUnitsCount: row.totalUnitsCount,
  peakPowerKw: row.peakPowerKw,
  storageCapacityKwh: row.storageCapacityKwh,
  expectedAnnualProductionKwh: row.expectedAnnualProductionKwh,
  fees: extras.fees,
  records: extras.records,
  recordsFetched: true,
  documents: extras.documents,
  middlewareDocuments: middlewareDocuments(row.id),
  offers: extras.offers,
  energyData:
    row.powerPlantType && row.expectedAnnualProductionKwh !== null
      ? { url: `/api/v2/assets/${row.id}/energyData`, expectedAnnualProductionKwh: row.expectedAnnualProductionKwh }
      : null,
  diagramData: null,
});
