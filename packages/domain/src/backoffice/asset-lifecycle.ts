import type { AssetStage } from '../assets/enums.js';

/**
 * The asset lifecycle the operator drives (spec section 3 Asset stage, section 4 asset lifecycle;
 * issue 21): preparing → review → approved | declined → primary → secondary. A declined asset
 * may be reworked (back to preparing); an approved one may be sent back before it is published.
 */
export const ASSET_LIFECYCLE_ACTIONS = [
  'submitForReview',
  'approve',
  'decline',
  'rework',
  'publish',
  'endFinancingPhase',
] as const;
export type AssetLifecycleAction = (typeof ASSET_LIFECYCLE_ACTIONS)[number];

const TRANSITIONS: Record<AssetLifecycleAction, { from: readonly AssetStage[]; to: AssetStage }> = {
  submitForReview: { from: ['preparing'], to: 'review' },
  approve: { from: ['review'], to: 'approved' },
  decline: { from: ['review'], to: 'declined' },
  rework: { from: ['declined', 'approved'], to: 'preparing' },
  publish: { from: ['approved'], to: 'primary' },
  endFinancingPhase: { from: ['primary'], to: 'secondary' },
};

/** Actions that need a second person: whoever submitted the asset for review may not take them. */
const FOUR_EYES: ReadonlySet<AssetLifecycleAction> = new Set(['approve', 'decline', 'publish']);

export type LifecycleRefusal = 'ASSET_STAGE_TRANSITION_INVALID' | 'ASSET_FOUR_EYES_REQUIRED';

export type LifecycleFacts = {
  stage: AssetStage;
  action: AssetLifecycleAction;
  /** The staff member who submitted the asset for review (null: never submitted). */
  submittedBy: string | null;
  /** Who takes the action now. */
  actorId: string | null;
};

export const lifecycleTarget = (action: AssetLifecycleAction): AssetStage => TRANSITIONS[action].to;

/** Why the action may not be taken, or null when it may. */
export const lifecycleRefusal = (facts: LifecycleFacts): LifecycleRefusal | null => {
  if (!TRANSITIONS[facts.action].from.includes(facts.stage)) return 'ASSET_STAGE_TRANSITION_INVALID';
  if (FOUR_EYES.has(facts.action) && (facts.submittedBy === null || facts.submittedBy === facts.actorId))
    return 'ASSET_FOUR_EYES_REQUIRED';
  return null;
};

/** The actions open to an asset in its stage (the back office shows these buttons). */
export const lifecycleActionsFor = (stage: AssetStage): AssetLifecycleAction[] =>
  ASSET_LIFECYCLE_ACTIONS.filter((action) => TRANSITIONS[action].from.includes(stage));

/**
 * The content is edited while it is prepared (or after a decline); what was reviewed stays as it
 * was reviewed: an approved asset goes back to preparing (rework) before it changes, and a listed
 * one changes only its ranking, its financing end, records, photos and documents.
 */
export const isAssetContentEditable = (stage: AssetStage): boolean => stage === 'preparing' || stage === 'declined';

/**
 * What a template kind needs before review (spec section 3, template kinds): power plants their
 * type and power, real estate its property type and area, builder-owner assets a notary date,
 * financing phases an end. Answers the missing field names.
 */
export type CompletenessFacts = {
  templateKind:
    | 'realEstate'
    | 'realEstateWithoutYieldPotential'
    | 'powerPlant'
    | 'powerPlantPortfolio'
    | 'builderOwnerModel';
  powerPlantType: string | null;
  peakPowerKw: number | null;
  propertyType: string | null;
  areaSquareMeters: number | null;
  notaryDatesCount: number;
  /** The notary date already fixed (a builder-owner asset taken over after its deed); else dates to choose from. */
  notaryDate?: string | null;
  imagesCount: number;
  minimumSubscriptionShares: number;
  totalShares: number;
};

export const missingForReview = (facts: CompletenessFacts): string[] => {
  const missing: string[] = [];
  if (facts.imagesCount === 0) missing.push('images');
  if (facts.minimumSubscriptionShares > facts.totalShares) missing.push('minimumSubscriptionShares');
  switch (facts.templateKind) {
    case 'powerPlant':
    case 'powerPlantPortfolio':
      if (!facts.powerPlantType) missing.push('powerPlantType');
      if (!facts.peakPowerKw) missing.push('peakPowerKw');
      break;
    case 'builderOwnerModel':
      if (facts.notaryDatesCount === 0 && !facts.notaryDate) missing.push('notaryDates');
      if (!facts.propertyType) missing.push('propertyType');
      break;
    case 'realEstate':
    case 'realEstateWithoutYieldPotential':
      if (!facts.propertyType) missing.push('propertyType');
      if (!facts.areaSquareMeters) missing.push('areaSquareMeters');
      break;
  }
  return missing;
};
