import {
  type AssetStage,
  type AssetTemplateKind,
  assetStages,
  assetTemplateKinds,
  type BuildingCondition,
  buildingConditions,
  type ConstructionStatus,
  type ConstructionType,
  type ContractType,
  constructionStatuses,
  constructionTypes,
  contractTypes,
  type DistributionFrequency,
  distributionFrequencies,
  type HeatingType,
  heatingTypes,
  type ObjectType,
  objectTypes,
  type PowerPlantType,
  type PropertyType,
  powerPlantTypes,
  propertyTypes,
  type ScenarioName,
  type SecurityType,
  securityTypes,
} from '@bw/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const cents = (name: string) => bigint(name, { mode: 'bigint' });

/** Binary file content (PDF documents); PGlite answers Uint8Array, node-postgres a Buffer (a Uint8Array too). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export type AssetFeature = { key: string; label: string };
export type AssetScenario = { distributionBps: number; valueGrowthBps: number };
export type AssetScenarios = Record<ScenarioName, AssetScenario>;

/**
 * Spec section 3, Asset: one row per real estate or power plant. Money is bigint cents, rates
 * basis points, shares integers. `availableBricksSecondary` and `lowestOfferPriceCents` are the
 * secondary market's figures, kept here (denormalised) so the marketplace list is one query;
 * the trading module maintains them once the bulletin board exists.
 */
export const assets = pgTable(
  'assets',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    description: text('description').notNull().default(''),
    templateKind: text('template_kind', { enum: assetTemplateKinds }).$type<AssetTemplateKind>().notNull(),
    stage: text('stage', { enum: assetStages }).$type<AssetStage>().notNull(),
    debtCapital: boolean('debt_capital').notNull().default(false),
    securityType: text('security_type', { enum: securityTypes }).$type<SecurityType>().notNull(),
    objectType: text('object_type', { enum: objectTypes }).$type<ObjectType>().notNull(),
    propertyType: text('property_type', { enum: propertyTypes }).$type<PropertyType>(),
    buildingType: text('building_type'),
    constructionStatus: text('construction_status', { enum: constructionStatuses })
      .$type<ConstructionStatus>()
      .notNull(),
    constructionType: text('construction_type', { enum: constructionTypes }).$type<ConstructionType>(),
    powerPlantType: text('power_plant_type', { enum: powerPlantTypes }).$type<PowerPlantType>(),
    buildingCondition: text('building_condition', { enum: buildingConditions }).$type<BuildingCondition>(),
    heatingType: text('heating_type', { enum: heatingTypes }).$type<HeatingType>(),
    contractType: text('contract_type', { enum: contractTypes }).$type<ContractType>(),
    constructionYear: integer('construction_year'),
    // Location
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    region: text('region').notNull(),
    countryCode: text('country_code').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    features: jsonb('features').$type<AssetFeature[]>().notNull().default(sql`'[]'::jsonb`),
    // Issuer (special purpose vehicle)
    spvName: text('spv_name').notNull(),
    spvStreet: text('spv_street').notNull(),
    spvPostalCode: text('spv_postal_code').notNull(),
    spvCity: text('spv_city').notNull(),
    spvCountryCode: text('spv_country_code').notNull(),
    spvRegisterNumber: text('spv_register_number').notNull(),
    marketingTypes: jsonb('marketing_types').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    // Investment
    isin: text('isin'),
    serialNumber: text('serial_number').notNull(),
    notaryDate: date('notary_date', { mode: 'string' }),
    pricePerShareCents: cents('price_per_share_cents').notNull(),
    totalShares: integer('total_shares').notNull(),
    availableShares: integer('available_shares').notNull(),
    minimumSubscriptionShares: integer('minimum_subscription_shares').notNull().default(1),
    fundingLimitCents: cents('funding_limit_cents').notNull(),
    fundingThresholdCents: cents('funding_threshold_cents').notNull(),
    marketCapitalizationCents: cents('market_capitalization_cents').notNull(),
    totalVolumeCents: cents('total_volume_cents').notNull(),
    debtRatioBps: integer('debt_ratio_bps').notNull().default(0),
    originalLoanAmountCents: cents('original_loan_amount_cents').notNull().default(sql`0`),
    outstandingLoanAmountCents: cents('outstanding_loan_amount_cents').notNull().default(sql`0`),
    repaymentAmountPerShareCents: cents('repayment_amount_per_share_cents').notNull().default(sql`0`),
    financingBank: text('financing_bank'),
    collateral: text('collateral'),
    expectedRentalReturnBps: integer('expected_rental_return_bps').notNull().default(0),
    expectedOngoingDistributionBps: integer('expected_ongoing_distribution_bps').notNull().default(0),
    nextDistributionDate: date('next_distribution_date', { mode: 'string' }),
    distributionFrequency: text('distribution_frequency', { enum: distributionFrequencies })
      .$type<DistributionFrequency>()
      .notNull(),
    durationYears: integer('duration_years'),
    endlessTerm: boolean('endless_term').notNull().default(false),
    maturityDate: date('maturity_date', { mode: 'string' }),
    observationPeriodMonths: integer('observation_period_months'),
    rentIndexation: text('rent_indexation'),
    leverageOnDayBps: integer('leverage_on_day_bps'),
    leverageVolumeCents: cents('leverage_volume_cents'),
    expectedConstructionStart: date('expected_construction_start', { mode: 'string' }),
    expectedDistributionStart: date('expected_distribution_start', { mode: 'string' }),
    scenarios: jsonb('scenarios').$type<AssetScenarios>(),
    // Building
    areaSquareMeters: integer('area_square_meters'),
    floor: integer('floor'),
    rooms: integer('rooms'),
    equipment: text('equipment'),
    doorNumber: text('door_number'),
    occupancyRateBps: integer('occupancy_rate_bps'),
    liquidityReserveCents: cents('liquidity_reserve_cents'),
    managementCostsCentsPerYear: cents('management_costs_cents_per_year'),
    netRentalIncomeCentsPerYear: cents('net_rental_income_cents_per_year'),
    monthlyRentCents: cents('monthly_rent_cents'),
    rentedUnitsCount: integer('rented_units_count'),
    totalUnitsCount: integer('total_units_count'),
    // Power plant
    peakPowerKw: integer('peak_power_kw'),
    storageCapacityKwh: integer('storage_capacity_kwh'),
    expectedAnnualProductionKwh: integer('expected_annual_production_kwh'),
    // Marketplace
    availableBricksSecondary: integer('available_bricks_secondary').notNull().default(0),
    lowestOfferPriceCents: cents('lowest_offer_price_cents'),
    green: boolean('green').notNull().default(false),
    forcedRanking: integer('forced_ranking').notNull().default(1000),
    onlyPrimary: boolean('only_primary').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The financing phase's planned end; an extension moves it (issue 21). */
    financingEndsOn: date('financing_ends_on', { mode: 'string' }),
    /** Four eyes (issue 21): who sent the asset to review; approving and publishing need someone else. */
    reviewSubmittedBy: text('review_submitted_by'),
    reviewSubmittedAt: timestamp('review_submitted_at', { withTimezone: true }),
    reviewDecidedBy: text('review_decided_by'),
    reviewDecidedAt: timestamp('review_decided_at', { withTimezone: true }),
    reviewDecisionReason: text('review_decision_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('assets_stage_idx').on(t.stage)],
);

/**
 * Likes (spec section 3, User.likes). `userId` has no foreign key on purpose: the accounts module
 * owns the users table; a later migration adds the reference once it exists.
 */
export const assetLikes = pgTable(
  'asset_likes',
  {
    userId: text('user_id').notNull(),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.assetId] }), index('asset_likes_asset_idx').on(t.assetId)],
);

/** Launchpad records: the asset's diary (construction progress, tenants, maintenance). */
export const assetRecords = pgTable(
  'asset_records',
  {
    id: text('id').primaryKey(),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    recordedOn: date('recorded_on', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    imageUrl: text('image_url'),
  },
  (t) => [index('asset_records_asset_idx').on(t.assetId, t.recordedOn)],
);

/** Documents of an asset, stored as real PDF files. */
export const assetDocuments = pgTable(
  'asset_documents',
  {
    id: text('id').primaryKey(),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    content: bytea('content').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('asset_documents_asset_idx').on(t.assetId, t.sortOrder)],
);

/** Every completed trade is a price point (spec: price history, 30-day VWAP). */
export const assetPricePoints = pgTable(
  'asset_price_points',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    tradedAt: timestamp('traded_at', { withTimezone: true }).notNull(),
    pricePerShareCents: cents('price_per_share_cents').notNull(),
    sharesCount: integer('shares_count').notNull(),
  },
  (t) => [index('asset_price_points_asset_idx').on(t.assetId, t.tradedAt)],
);

/** Daily production of a power plant in kWh. */
export const assetEnergyProduction = pgTable(
  'asset_energy_production',
  {
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    producedOn: date('produced_on', { mode: 'string' }).notNull(),
    producedKwh: integer('produced_kwh').notNull(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.producedOn] })],
);

/** The answer a user gave to an issuer's (SPV's) marketing consent question, per asset. No FK to users (see likes). */
export const assetMarketingConsents = pgTable(
  'asset_marketing_consents',
  {
    userId: text('user_id').notNull(),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    marketingConsent: boolean('marketing_consent').notNull(),
    marketingTypes: jsonb('marketing_types').$type<string[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.assetId] })],
);

/** The sandbox short-link service's links (a real provider keeps these on its side). */
export const shortLinks = pgTable('short_links', {
  code: text('code').primaryKey(),
  targetUrl: text('target_url').notNull().unique(),
  createdAt: createdAt(),
});
