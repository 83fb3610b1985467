import type { AssetSummary } from '@bw/contracts';

/** Share of the financing phase already sold (0..1); a secondary-market asset is fully financed. */
export const financedRatio = (asset: Pick<AssetSummary, 'stage' | 'totalShares' | 'availableShares'>): number => {
  if (asset.stage !== 'primary' || asset.totalShares <= 0) return 1;
  const sold = Math.max(0, asset.totalShares - asset.availableShares);
  return Math.min(1, sold / asset.totalShares);
};
