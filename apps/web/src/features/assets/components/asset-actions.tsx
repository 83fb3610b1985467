import type { AssetSummary } from '@bw/contracts';
import { useFeatureFlag } from '../../../hooks/use-feature-flag';
import { LikeButton } from './like-button';
import { ShareButton } from './share-button';

/** Share and, behind the partner's `liking` flag, like: over the photo of a marketplace card and of the asset page. */
export const AssetActions = ({
  asset,
  className = '',
}: {
  readonly asset: Pick<AssetSummary, 'id' | 'title' | 'liked'>;
  readonly className?: string;
}) => {
  const liking = useFeatureFlag('liking');
  return (
    <div className={`absolute right-3 top-3 flex gap-2 ${className}`}>
      <ShareButton assetId={asset.id} title={asset.title} />
      {liking ? <LikeButton assetId={asset.id} title={asset.title} liked={asset.liked} /> : null}
    </div>
  );
};
