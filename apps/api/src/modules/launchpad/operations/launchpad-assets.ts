import type { LaunchpadAsset } from '@bw/contracts';
import type { Db } from '@bw/db';
import { spvOf } from '../../assets/asset-mappers.js';
import { type AssetRow, findListedAssets } from '../../assets/assets.repo.js';
import { requireListedAsset } from '../../assets/operations/get-asset.js';

/** The issuance (launchpad) view of an asset; features as keys, or with labels when populated. */
export const toLaunchpadAsset = (row: AssetRow, populateFeatures: boolean): LaunchpadAsset => ({
  id: row.id,
  title: row.title,
  stage: row.stage,
  templateKind: row.templateKind,
  securityType: row.securityType,
  isin: row.isin,
  serialNumber: row.serialNumber,
  notaryDate: row.notaryDate,
  spv: spvOf(row),
  marketingTypes: row.marketingTypes,
  pricePerShareCents: row.pricePerShareCents.toString(),
  totalShares: row.totalShares,
  availableShares: row.availableShares,
  minimumSubscriptionShares: row.minimumSubscriptionShares,
  fundingLimitCents: row.fundingLimitCents.toString(),
  fundingThresholdCents: row.fundingThresholdCents.toString(),
  expectedConstructionStart: row.expectedConstructionStart,
  expectedDistributionStart: row.expectedDistributionStart,
  features: populateFeatures ? row.features : row.features.map((feature) => feature.key),
});

/** GET /launchpad/api/v2/assets?ids: the listed ones among the ids, in the order asked; unknown ids are left out. */
export const listLaunchpadAssets = async (db: Db, ids: string[]): Promise<LaunchpadAsset[]> => {
  const unique = [...new Set(ids)];
  const rows = new Map((await findListedAssets(db, unique)).map((row) => [row.id, row]));
  return unique.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toLaunchpadAsset(row, false)] : [];
  });
};

export const getLaunchpadAsset = async (db: Db, id: string, populateFeatures: boolean): Promise<LaunchpadAsset> =>
  toLaunchpadAsset(await requireListedAsset(db, id), populateFeatures);
