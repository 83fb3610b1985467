import type { AssetListPage, AssetSummary } from '@bw/contracts';
import {
  assetStages,
  assetTemplateKinds,
  constructionStatuses,
  distributionFrequencies,
  objectTypes,
  powerPlantTypes,
  propertyTypes,
  securityTypes,
} from '@bw/domain';
import {
  arrayOf,
  bool,
  type Checked,
  guard,
  int,
  matching,
  nullable,
  num,
  objectOf,
  oneOf,
  type SameType,
  str,
} from '../../../lib/guard';

/**
 * The marketplace list is the initial screen, so its answer is checked by this guard instead of
 * the zod contract (`assetSummary`, `assetListPage` in @bw/contracts): zod would cost the initial
 * JavaScript 23 KB. The type proof below and `asset-summary-guard.test.ts` (guard vs. zod on the
 * demo catalogue's shapes) keep it equal to the contract.
 */
export const cents = matching(/^-?\d{1,18}$/, 'Betrag in Cent');
/** `isoDay`: not on the card, but the asset page's guards share it with `cents`. */
export const isoDay = matching(/^\d{4}-\d{2}-\d{2}$/, 'Datum YYYY-MM-DD');
export const assetStage = oneOf(assetStages);
export const powerPlantType = oneOf(powerPlantTypes);
const securityType = oneOf(securityTypes);

/** The fields of `assetSummary`; the asset page's `assetDetail` extends them (get-asset.ts). */
export const assetSummaryShape = {
  id: str,
  title: str,
  subtitle: str,
  templateKind: oneOf(assetTemplateKinds),
  stage: assetStage,
  debtCapital: bool,
  securityType,
  objectType: oneOf(objectTypes),
  propertyType: nullable(oneOf(propertyTypes)),
  constructionStatus: oneOf(constructionStatuses),
  powerPlantType: nullable(powerPlantType),
  address: objectOf({
    street: str,
    houseNumber: str,
    postalCode: str,
    city: str,
    region: str,
    countryCode: matching(/^[\s\S]{2}$/, 'Ländercode'),
    latitude: num,
    longitude: num,
  }),
  imageUrl: nullable(str),
  pricePerShareCents: cents,
  totalShares: int,
  availableShares: int,
  minimumSubscriptionShares: int,
  expectedOngoingDistributionBps: int,
  expectedRentalReturnBps: int,
  distributionFrequency: oneOf(distributionFrequencies),
  investmentDetails: objectOf({
    securityType,
    stage: assetStage,
    availableBricks: int,
    spv: objectOf({
      name: str,
      registerNumber: str,
      address: objectOf({ street: str, postalCode: str, city: str, countryCode: str }),
    }),
  }),
  availableBricksSecondary: int,
  lowestOfferPrice: nullable(cents),
  likes: int,
  liked: bool,
  userInvested: bool,
  green: bool,
  forcedRanking: int,
  onlyPrimary: bool,
  publishedAt: nullable(str),
  isNew: bool,
};

const checkAssetSummary = objectOf(assetSummaryShape);

const checkAssetListPage = objectOf({ assets: arrayOf(checkAssetSummary), page: int, pageSize: int, totalCount: int });

export const assetGuardsMatchContracts: [
  SameType<Checked<typeof checkAssetSummary>, AssetSummary>,
  SameType<Checked<typeof checkAssetListPage>, AssetListPage>,
] = [true, true];

export const assetListPageGuard = guard<AssetListPage>(checkAssetListPage);
export const assetSummaryListGuard = guard<AssetSummary[]>(arrayOf(checkAssetSummary));
