import { ASSET_LIFECYCLE_ACTIONS, type AssetTemplateKind, scenarioNames } from '@bw/domain';
import { z } from 'zod';
import {
  assetId,
  assetStage,
  assetTemplateKind,
  buildingCondition,
  constructionStatus,
  constructionType,
  contractType,
  distributionFrequency,
  heatingType,
  isoDay,
  objectType,
  powerPlantType,
  propertyType,
  securityType,
} from '../assets.js';
import { positiveCentsString, reasonText } from './common.js';

const text = (max = 200) => z.string().trim().min(1, 'Pflichtfeld').max(max);
const optionalText = (max = 200) => z.string().trim().max(max).nullable();
const cents = z.string().regex(/^\d{1,15}$/, 'Betrag in Cent (ganze Zahl, ≥ 0)');
const optionalCents = cents.nullable();
const bps = z.number().int().min(0).max(100_000);
const count = z.number().int().min(0).max(1_000_000_000);
const optionalCount = count.nullable();

export const ASSET_TEMPLATE_KIND_LABELS: Record<AssetTemplateKind, string> = {
  realEstate: 'Immobilie (mit oder ohne Fremdkapital)',
  realEstateWithoutYieldPotential: 'Immobilie ohne Renditepotenzial',
  powerPlant: 'Kraftwerk',
  powerPlantPortfolio: 'Kraftwerksportfolio',
  builderOwnerModel: 'Bauherrenmodell',
};

const scenario = z.object({
  distributionBps: z.number().int().min(-10_000).max(10_000),
  valueGrowthBps: z.number().int().min(-10_000).max(10_000),
});

/**
 * Every field of an asset the operator edits (spec section 3, Asset; issue 21): money as cent
 * strings, rates in basis points, shares as integers, optional fields null. The calculators read
 * the price, the distribution, the scenarios' rates and the production figures.
 */
export const adminAssetFields = z.object({
  title: text(),
  subtitle: z.string().trim().max(200),
  description: z.string().trim().max(10_000),
  templateKind: assetTemplateKind,
  securityType,
  objectType,
  propertyType: propertyType.nullable(),
  buildingType: optionalText(),
  constructionStatus,
  constructionType: constructionType.nullable(),
  powerPlantType: powerPlantType.nullable(),
  buildingCondition: buildingCondition.nullable(),
  heatingType: heatingType.nullable(),
  contractType: contractType.nullable(),
  // Old town houses in Salzburg or Vienna go back to the Middle Ages.
  constructionYear: z.number().int().min(1100).max(2200).nullable(),
  // Location
  street: text(),
  houseNumber: text(20),
  postalCode: text(12),
  city: text(),
  region: text(),
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'Ländercode, z. B. AT'),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  features: z
    .array(z.object({ key: z.string().trim().min(1).max(40), label: z.string().trim().min(1).max(120) }))
    .max(30),
  marketingTypes: z.array(z.string().trim().min(1).max(40)).max(10),
  // Issuer
  spvName: text(),
  spvStreet: text(),
  spvPostalCode: text(12),
  spvCity: text(),
  spvCountryCode: z.string().regex(/^[A-Z]{2}$/, 'Ländercode, z. B. AT'),
  spvRegisterNumber: text(60),
  // Investment
  isin: z
    .string()
    .regex(/^[A-Z]{2}[A-Z0-9]{9}\d$/, 'ISIN: 12 Zeichen')
    .nullable(),
  serialNumber: text(40),
  notaryDate: isoDay.nullable(),
  pricePerShareCents: positiveCentsString,
  totalShares: z.number().int().min(1).max(100_000_000),
  minimumSubscriptionShares: z.number().int().min(1).max(100_000_000),
  fundingLimitCents: cents,
  fundingThresholdCents: cents,
  marketCapitalizationCents: cents,
  totalVolumeCents: cents,
  debtRatioBps: bps,
  originalLoanAmountCents: cents,
  outstandingLoanAmountCents: cents,
  repaymentAmountPerShareCents: cents,
  financingBank: optionalText(),
  collateral: optionalText(1_000),
  expectedRentalReturnBps: bps,
  expectedOngoingDistributionBps: bps,
  nextDistributionDate: isoDay.nullable(),
  distributionFrequency,
  durationYears: z.number().int().min(1).max(99).nullable(),
  endlessTerm: z.boolean(),
  maturityDate: isoDay.nullable(),
  observationPeriodMonths: z.number().int().min(0).max(600).nullable(),
  rentIndexation: optionalText(),
  leverageOnDayBps: bps.nullable(),
  leverageVolumeCents: optionalCents,
  expectedConstructionStart: isoDay.nullable(),
  expectedDistributionStart: isoDay.nullable(),
  scenarios: z
    .object(
      Object.fromEntries(scenarioNames.map((name) => [name, scenario])) as Record<
        (typeof scenarioNames)[number],
        typeof scenario
      >,
    )
    .nullable(),
  // Building
  areaSquareMeters: optionalCount,
  floor: z.number().int().min(-5).max(200).nullable(),
  rooms: optionalCount,
  equipment: optionalText(1_000),
  doorNumber: optionalText(20),
  occupancyRateBps: z.number().int().min(0).max(10_000).nullable(),
  liquidityReserveCents: optionalCents,
  managementCostsCentsPerYear: optionalCents,
  netRentalIncomeCentsPerYear: optionalCents,
  monthlyRentCents: optionalCents,
  rentedUnitsCount: optionalCount,
  totalUnitsCount: optionalCount,
  // Power plant
  peakPowerKw: optionalCount,
  storageCapacityKwh: optionalCount,
  expectedAnnualProductionKwh: optionalCount,
  // Marketplace
  green: z.boolean(),
  forcedRanking: z.number().int().min(0).max(100_000),
  onlyPrimary: z.boolean(),
  financingEndsOn: isoDay.nullable(),
});
export type AdminAssetFields = z.infer<typeof adminAssetFields>;

export const createAssetBody = adminAssetFields.extend({ id: assetId, templateId: z.uuid().nullable() });
export type CreateAssetBody = z.infer<typeof createAssetBody>;

export const adminAssetImage = z.object({ id: z.string(), url: z.string() });
export const adminAssetDocument = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  fileName: z.string(),
  createdAt: z.string(),
});
export const adminAssetRecord = z.object({
  id: z.string(),
  recordedOn: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
});
export const adminNotaryDate = z.object({
  id: z.string(),
  startsAt: z.string(),
  location: z.string(),
  capacity: z.number().int(),
  reserved: z.number().int(),
});
export const assetLifecycleAction = z.enum(ASSET_LIFECYCLE_ACTIONS);

/** The whole asset as the back office shows it: fields, stage, review trail, files. */
export const adminAssetView = adminAssetFields.extend({
  id: z.string(),
  stage: assetStage,
  availableShares: z.number().int(),
  images: z.array(z.string()),
  imageFiles: z.array(adminAssetImage),
  documents: z.array(adminAssetDocument),
  records: z.array(adminAssetRecord),
  notaryDates: z.array(adminNotaryDate),
  review: z.object({
    submittedBy: z.string().nullable(),
    submittedAt: z.string().nullable(),
    decidedBy: z.string().nullable(),
    decidedAt: z.string().nullable(),
    reason: z.string().nullable(),
  }),
  /** The lifecycle steps open in this stage. */
  actions: z.array(assetLifecycleAction),
  publishedAt: z.string().nullable(),
  soldShares: z.number().int(),
  updatedAt: z.string(),
});
export type AdminAssetView = z.infer<typeof adminAssetView>;

export const adminAssetRow = z.object({
  id: z.string(),
  title: z.string(),
  city: z.string(),
  templateKind: assetTemplateKind,
  stage: assetStage,
  pricePerShareCents: z.string(),
  totalShares: z.number().int(),
  availableShares: z.number().int(),
  forcedRanking: z.number().int(),
  reviewSubmittedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminAssetRow = z.infer<typeof adminAssetRow>;

export const adminAssetListQuery = z.object({
  stage: assetStage.optional(),
  search: z.string().trim().max(100).optional(),
});

export const lifecycleBody = z.strictObject({ action: assetLifecycleAction, reason: reasonText.optional() });
export const rankingBody = z.strictObject({ forcedRanking: z.number().int().min(0).max(100_000) });
export const financingExtensionBody = z.strictObject({ financingEndsOn: isoDay });
export const assetRecordBody = z.strictObject({
  recordedOn: isoDay,
  kind: z.enum(['construction', 'tenant', 'maintenance', 'news']),
  title: z.string().trim().min(3).max(200),
  body: z.string().trim().min(3).max(5_000),
});
export const notaryDateBody = z.strictObject({
  startsAt: z.iso.datetime({ offset: true }),
  location: z.string().trim().min(3).max(200),
  capacity: z.number().int().min(1).max(500),
});
export const assetFileParams = z.object({ id: assetId, fileId: z.string().min(1).max(128) });
export const assetIdOnlyParams = z.object({ id: assetId });

/** A named preset of asset fields (spec section 3: template kinds). */
export const assetTemplateView = z.object({
  id: z.string(),
  name: z.string(),
  kind: assetTemplateKind,
  description: z.string(),
  defaults: adminAssetFields.partial(),
  updatedAt: z.string(),
});
export type AssetTemplateView = z.infer<typeof assetTemplateView>;
export const assetTemplateBody = z.strictObject({
  name: z.string().trim().min(3).max(120),
  kind: assetTemplateKind,
  description: z.string().trim().max(1_000),
  defaults: adminAssetFields.partial(),
});

export const assetDocumentQuery = z.object({
  kind: z.enum(['expose', 'keyInformation', 'energyCertificate', 'yieldReport', 'contract', 'other']),
  title: z.string().trim().min(3).max(200),
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^/\\]+$/, 'Dateiname ohne Pfad'),
});

/**
 * Shares of an asset placed outside the platform (before or during the financing phase, e.g. with
 * the issuer's own partners): they leave the issuer's offer and are booked to the asset's
 * outside-holders book (issue 17, ADR 0022).
 */
export const outsidePlacementBody = z.strictObject({
  shares: z.number().int().min(1).max(100_000_000),
  reason: reasonText,
});
export type OutsidePlacementBody = z.infer<typeof outsidePlacementBody>;

/**
 * The history of an asset the platform takes over (an asset that traded or produced before it came
 * here): completed trades and daily production. Imported once, while the asset is prepared.
 */
export const assetHistoryBody = z.strictObject({
  pricePoints: z
    .array(
      z.strictObject({
        tradedAt: z.iso.datetime({ offset: true }),
        pricePerShareCents: positiveCentsString,
        sharesCount: z.number().int().min(1).max(100_000_000),
      }),
    )
    .max(20_000),
  production: z
    .array(z.strictObject({ producedOn: isoDay, producedKwh: z.number().int().min(0).max(1_000_000_000) }))
    .max(20_000),
});
export type AssetHistoryBody = z.infer<typeof assetHistoryBody>;
