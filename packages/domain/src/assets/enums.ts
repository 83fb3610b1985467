/**
 * The asset enumerations of spec section 3, values exactly as the spec writes them.
 * Each list is a readonly tuple so contracts (zod enums) and the database share one source.
 */
export const assetStages = ['preparing', 'review', 'approved', 'declined', 'primary', 'secondary'] as const;
export type AssetStage = (typeof assetStages)[number];

/** Spec section 2: only assets in stage primary or secondary are listed. */
export const listedAssetStages = ['primary', 'secondary'] as const satisfies readonly AssetStage[];

export const constructionStatuses = ['planning', 'project', 'stock', 'installed', 'connectedToNetwork'] as const;
export type ConstructionStatus = (typeof constructionStatuses)[number];

export const constructionTypes = ['roof', 'landsite', 'integrated'] as const;
export type ConstructionType = (typeof constructionTypes)[number];

export const contractTypes = ['open', 'closed', 'notRented'] as const;
export type ContractType = (typeof contractTypes)[number];

export const buildingConditions = ['massive', 'new', 'newDevelopment', 'old', 'renovation'] as const;
export type BuildingCondition = (typeof buildingConditions)[number];

export const heatingTypes = [
  'central',
  'district',
  'electric',
  'floorCentral',
  'heatpump',
  'naturalGas',
  'oil',
  'solar',
  'woodPellet',
] as const;
export type HeatingType = (typeof heatingTypes)[number];

export const powerPlantTypes = ['photovoltaic', 'wind', 'storage', 'bundle'] as const;
export type PowerPlantType = (typeof powerPlantTypes)[number];

export const propertyTypes = [
  'apartmentBuilding',
  'atticFlat',
  'commercial',
  'cooperativeFlat',
  'demolitionNewConstruction',
  'duplexHouse',
  'familyHome',
  'firstFloorFlat',
  'flat',
  'loft',
  'loftConversion',
  'partialFamilyHome',
  'pentHouse',
  'rawAtticFloor',
  'room',
  'studioFlat',
] as const;
export type PropertyType = (typeof propertyTypes)[number];

export const securityTypes = [
  'participationRightEquity',
  'participationRightEquityBuilderOwner',
  'participationRightDebtCapital',
  'participationRightDebtCapitalPartialSale',
  'participationKG',
  'participationAtypicalSilent',
  'purchaseWithManagementOutsourcing',
] as const;
export type SecurityType = (typeof securityTypes)[number];

export const distributionFrequencies = ['monthly', 'quarterly', 'yearly'] as const;
export type DistributionFrequency = (typeof distributionFrequencies)[number];

/**
 * Spec section 3, the five "Asset template kinds": real estate (with or without debt capital,
 * told apart by the asset's `debtCapital` flag), real estate without yield potential, power
 * plant, power plant portfolio, builder-owner model.
 */
export const assetTemplateKinds = [
  'realEstate',
  'realEstateWithoutYieldPotential',
  'powerPlant',
  'powerPlantPortfolio',
  'builderOwnerModel',
] as const;
export type AssetTemplateKind = (typeof assetTemplateKinds)[number];

export const isPowerPlantTemplate = (kind: AssetTemplateKind): boolean =>
  kind === 'powerPlant' || kind === 'powerPlantPortfolio';

/** Use of a property, for the marketplace filters residential, commercial and industry (spec section 2). */
export const objectTypes = ['residential', 'commercial', 'industry', 'energy'] as const;
export type ObjectType = (typeof objectTypes)[number];

export const offerStatuses = ['new', 'open', 'accepted', 'closed', 'deleted'] as const;
export type OfferStatus = (typeof offerStatuses)[number];

export const offerTypes = ['buy', 'sell', 'primary'] as const;
export type OfferType = (typeof offerTypes)[number];

export const offerVisibilities = ['bulletin', 'private'] as const;
export type OfferVisibility = (typeof offerVisibilities)[number];

/** Distribution scenarios of the asset detail (spec section 2). */
export const scenarioNames = ['stress', 'medium', 'optimistic'] as const;
export type ScenarioName = (typeof scenarioNames)[number];
