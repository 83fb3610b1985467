import {
  assetStages,
  assetTemplateKinds,
  buildingConditions,
  constructionStatuses,
  constructionTypes,
  contractTypes,
  distributionFrequencies,
  heatingTypes,
  marketplaceFilters,
  objectTypes,
  offerStatuses,
  offerTypes,
  offerVisibilities,
  powerPlantTypes,
  propertyTypes,
  securityTypes,
} from '@bw/domain';
import { z } from 'zod';

/**
 * Assets and the marketplace (spec sections 2, 3, 7; issue 6). Money on the wire is a string of
 * integer cents (`…Cents`, and the spec's own identifiers `lowestOfferPrice`, `amount`, `price`,
 * `totalPrice`, `transactionFee`, `transactionTotalAmount`); rates are basis points (`…Bps`);
 * shares are integers.
 */
export const centsString = z.string().regex(/^-?\d{1,18}$/, 'Betrag in Cent');
export const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Datum YYYY-MM-DD');

export const ASSET_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const assetId = z.string().regex(ASSET_ID_PATTERN, 'ungültige Objekt-ID');

export const assetStage = z.enum(assetStages);
export const assetTemplateKind = z.enum(assetTemplateKinds);
export const constructionStatus = z.enum(constructionStatuses);
export const constructionType = z.enum(constructionTypes);
export const contractType = z.enum(contractTypes);
export const buildingCondition = z.enum(buildingConditions);
export const heatingType = z.enum(heatingTypes);
export const powerPlantType = z.enum(powerPlantTypes);
export const propertyType = z.enum(propertyTypes);
export const securityType = z.enum(securityTypes);
export const distributionFrequency = z.enum(distributionFrequencies);
export const objectType = z.enum(objectTypes);
export const marketplaceFilter = z.enum(marketplaceFilters);

export const assetAddress = z.object({
  street: z.string(),
  houseNumber: z.string(),
  postalCode: z.string(),
  city: z.string(),
  region: z.string(),
  countryCode: z.string().length(2),
  latitude: z.number(),
  longitude: z.number(),
});

/** Spec section 3: investmentDetails (securityType, stage, availableBricks, spv with address.countryCode). */
export const investmentDetails = z.object({
  securityType,
  stage: assetStage,
  availableBricks: z.number().int(),
  spv: z.object({
    name: z.string(),
    registerNumber: z.string(),
    address: z.object({ street: z.string(), postalCode: z.string(), city: z.string(), countryCode: z.string() }),
  }),
});

/** One marketplace card: what the list, the map and the filters need. */
export const assetSummary = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  templateKind: assetTemplateKind,
  stage: assetStage,
  debtCapital: z.boolean(),
  securityType,
  objectType,
  propertyType: propertyType.nullable(),
  constructionStatus,
  powerPlantType: powerPlantType.nullable(),
  address: assetAddress,
  imageUrl: z.string().nullable(),
  pricePerShareCents: centsString,
  totalShares: z.number().int(),
  availableShares: z.number().int(),
  minimumSubscriptionShares: z.number().int(),
  expectedOngoingDistributionBps: z.number().int(),
  expectedRentalReturnBps: z.number().int(),
  distributionFrequency,
  investmentDetails,
  /** Spec store additions, names as the spec writes them. */
  availableBricksSecondary: z.number().int(),
  lowestOfferPrice: centsString.nullable(),
  likes: z.number().int(),
  liked: z.boolean(),
  userInvested: z.boolean(),
  green: z.boolean(),
  forcedRanking: z.number().int(),
  onlyPrimary: z.boolean(),
  publishedAt: z.string().nullable(),
  /** In the "new assets" section (published within the last 60 days). */
  isNew: z.boolean(),
});
export type AssetSummary = z.infer<typeof assetSummary>;

export const assetListQuery = z.object({
  filter: marketplaceFilter.default('all'),
  section: z.enum(['all', 'new', 'more']).default('all'),
  /** Page 0 is the first page. */
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AssetListQuery = z.infer<typeof assetListQuery>;

export const assetListPage = z.object({
  assets: z.array(assetSummary),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type AssetListPage = z.infer<typeof assetListPage>;

export const assetRecord = z.object({
  id: z.string(),
  assetId: z.string(),
  recordedOn: isoDay,
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  imageUrl: z.string().nullable(),
});
export type AssetRecord = z.infer<typeof assetRecord>;

export const assetDocument = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  fileName: z.string(),
  /** GET this URL for the PDF (application/pdf). */
  url: z.string(),
});
export type AssetDocument = z.infer<typeof assetDocument>;

export const offerParty = z.object({ kind: z.enum(['issuer', 'investor']), name: z.string() });

/** Spec section 3, Offer. The issuer's primary offer for now; investor offers come with the bulletin board. */
export const offer = z.object({
  offerId: z.string(),
  assetId: z.string(),
  status: z.enum(offerStatuses),
  type: z.enum(offerTypes),
  visibility: z.enum(offerVisibilities),
  firstParty: offerParty,
  secondParty: offerParty.nullable(),
  /** Cents: what the offered shares cost, before fees. */
  amount: centsString,
  sharesAmount: z.number().int(),
  price: centsString,
  totalPrice: centsString,
  transactionFee: centsString,
  transactionTotalAmount: centsString,
  transactionFeeBps: z.number().int(),
  interestedParty: offerParty.nullable(),
  signingRequest: z.null(),
  deleteRequest: z.null(),
});
export type Offer = z.infer<typeof offer>;

const scenario = z.object({ distributionBps: z.number().int(), valueGrowthBps: z.number().int() });

/** GET /api/v2/assets/{id}: every field of spec section 3, Asset. */
export const assetDetail = assetSummary.extend({
  description: z.string(),
  images: z.array(z.string()),
  features: z.array(z.object({ key: z.string(), label: z.string() })),
  buildingType: z.string().nullable(),
  constructionType: constructionType.nullable(),
  buildingCondition: buildingCondition.nullable(),
  heatingType: heatingType.nullable(),
  contractType: contractType.nullable(),
  constructionYear: z.number().int().nullable(),
  isin: z.string().nullable(),
  serialNumber: z.string(),
  notaryDate: isoDay.nullable(),
  /** The caller's shares in this asset (0 for guests and until trading exists). */
  shares: z.number().int(),
  fundingLimitCents: centsString,
  fundingThresholdCents: centsString,
  marketCapitalizationCents: centsString,
  totalVolumeCents: centsString,
  debtRatioBps: z.number().int(),
  originalLoanAmountCents: centsString,
  outstandingLoanAmountCents: centsString,
  repaymentAmountPerShareCents: centsString,
  financingBank: z.string().nullable(),
  collateral: z.string().nullable(),
  nextDistributionDate: isoDay.nullable(),
  durationYears: z.number().int().nullable(),
  endlessTerm: z.boolean(),
  maturityDate: isoDay.nullable(),
  observationPeriodMonths: z.number().int().nullable(),
  rentIndexation: z.string().nullable(),
  leverageOnDayBps: z.number().int().nullable(),
  leverageVolumeCents: centsString.nullable(),
  expectedConstructionStart: isoDay.nullable(),
  expectedDistributionStart: isoDay.nullable(),
  scenarios: z.object({ stress: scenario, medium: scenario, optimistic: scenario }).nullable(),
  areaSquareMeters: z.number().int().nullable(),
  floor: z.number().int().nullable(),
  rooms: z.number().int().nullable(),
  equipment: z.string().nullable(),
  doorNumber: z.string().nullable(),
  occupancyRateBps: z.number().int().nullable(),
  liquidityReserveCents: centsString.nullable(),
  managementCostsCentsPerYear: centsString.nullable(),
  netRentalIncomeCentsPerYear: centsString.nullable(),
  monthlyRentCents: centsString.nullable(),
  rentedUnitsCount: z.number().int().nullable(),
  totalUnitsCount: z.number().int().nullable(),
  peakPowerKw: z.number().int().nullable(),
  storageCapacityKwh: z.number().int().nullable(),
  expectedAnnualProductionKwh: z.number().int().nullable(),
  /** Spec store additions. */
  fees: z.object({ transactionFeeBps: z.number().int(), brokerageFeeBps: z.number().int() }),
  records: z.array(assetRecord),
  recordsFetched: z.boolean(),
  documents: z.array(assetDocument),
  /** The authorization and buy-contract documents the middleware renders (binary PDF). */
  middlewareDocuments: z.array(assetDocument),
  offers: z.array(offer),
  /** Power plants: where to GET the production series; null otherwise. */
  energyData: z.object({ url: z.string(), expectedAnnualProductionKwh: z.number().int() }).nullable(),
  /** Filled by `transactionMetadata?fields=diagramData`; null here. */
  diagramData: z.null(),
});
export type AssetDetail = z.infer<typeof assetDetail>;

export const assetIdParams = z.strictObject({ id: assetId });

export const diagramPoint = z.object({
  date: isoDay,
  priceCents: centsString,
  closePriceCents: centsString,
  volumeShares: z.number().int(),
  movingAverageCents: centsString,
});

export const transactionMetadataQuery = z.object({ fields: z.enum(['diagramData']).optional() });

/** GET /api/v1/assets/transactionMetadata/{id}: what a buy or sell screen needs about prices. */
export const transactionMetadata = z.object({
  assetId: z.string(),
  stage: assetStage,
  pricePerShareCents: centsString,
  lowestOfferPrice: centsString.nullable(),
  availableBricksSecondary: z.number().int(),
  /** 30-day volume-weighted average price (spec sections 5 and 9), null without trades. */
  averagePrice30DaysCents: centsString.nullable(),
  lastPriceCents: centsString.nullable(),
  priceWarningThresholdsBps: z.object({ info: z.number().int(), confirm: z.number().int() }),
  diagramData: z.object({ points: z.array(diagramPoint), windowDays: z.number().int() }).optional(),
});
export type TransactionMetadata = z.infer<typeof transactionMetadata>;

export const energyDataQuery = z.object({
  days: z.coerce.number().int().min(1).max(730).default(365),
});

export const energyImpact = z.object({
  kwh: z.number().int(),
  householdsHundredths: z.number().int(),
  washingCycles: z.number().int(),
  electricCarKm: z.number().int(),
  phoneChargingYears: z.number().int(),
  streamingHours: z.number().int(),
});

/** GET /api/v2/assets/{id}/energyData: production series and its household-terms impact (spec section 9). */
export const energyData = z.object({
  assetId: z.string(),
  powerPlantType: powerPlantType,
  peakPowerKw: z.number().int().nullable(),
  storageCapacityKwh: z.number().int().nullable(),
  expectedAnnualProductionKwh: z.number().int(),
  production: z.array(z.object({ date: isoDay, kwh: z.number().int() })),
  totals: z.object({ periodKwh: z.number().int(), last30DaysKwh: z.number().int(), last365DaysKwh: z.number().int() }),
  /** The impact of the last 365 days' production. */
  impact: energyImpact,
  assumptions: z.object({
    washingCycleWh: z.number().int(),
    electricCarWhPer100Km: z.number().int(),
    phoneChargingWhPerYear: z.number().int(),
    streamingWhPerHour: z.number().int(),
    householdWhPerYear: z.number().int(),
  }),
});
export type EnergyData = z.infer<typeof energyData>;

export const documentQuery = z.object({ documentId: assetId.optional() });

export const likeBody = z.strictObject({ assetId });
export const likeResult = z.object({ assetId: z.string(), liked: z.boolean(), likes: z.number().int() });
export type LikeResult = z.infer<typeof likeResult>;

export const shareLink = z.object({ shortUrl: z.string(), targetUrl: z.string() });
export type ShareLink = z.infer<typeof shareLink>;
export const shortLinkParams = z.strictObject({ code: z.string().regex(/^[A-Za-z0-9]{4,32}$/) });

// Launchpad (spec section 7)

export const launchpadAssetsQuery = z.object({
  ids: z
    .string()
    .min(1)
    .max(6_500)
    .transform((value) => value.split(',').map((id) => id.trim()))
    .pipe(z.array(assetId).min(1).max(100)),
});

export const populateFeaturesQuery = z.object({
  populateFeatures: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** The issuance view of an asset (launchpad): issuer, identifiers, funding and features. */
export const launchpadAsset = z.object({
  id: z.string(),
  title: z.string(),
  stage: assetStage,
  templateKind: assetTemplateKind,
  securityType,
  isin: z.string().nullable(),
  serialNumber: z.string(),
  notaryDate: isoDay.nullable(),
  spv: investmentDetails.shape.spv,
  marketingTypes: z.array(z.string()),
  pricePerShareCents: centsString,
  totalShares: z.number().int(),
  availableShares: z.number().int(),
  minimumSubscriptionShares: z.number().int(),
  fundingLimitCents: centsString,
  fundingThresholdCents: centsString,
  expectedConstructionStart: isoDay.nullable(),
  expectedDistributionStart: isoDay.nullable(),
  /** Feature keys; with `populateFeatures=true` objects with their German label. */
  features: z.union([z.array(z.string()), z.array(z.object({ key: z.string(), label: z.string() }))]),
});
export type LaunchpadAsset = z.infer<typeof launchpadAsset>;

export const neededMarketingTypes = z.object({ neededMarketingTypes: z.array(z.string()) });
export const marketingConsentBody = z.strictObject({ marketingConsent: z.boolean() });
export const marketingConsentResult = z.object({
  assetId: z.string(),
  marketingConsent: z.boolean(),
  neededMarketingTypes: z.array(z.string()),
});

export const serialNumber = z.object({ assetId: z.string(), serialNumber: z.string() });
