import { Heart } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { useRequireAccount } from '../../auth/components/guest-dialog';
import { useSetAssetLike } from '../api/like-asset';

export type LikeButtonProps = {
  readonly assetId: string;
  readonly title: string;
  readonly liked: boolean;
  readonly className?: string;
};

/** The heart (spec section 2: users can like an asset). Guests get the register-or-login dialog. */
export const LikeButton = ({ assetId, title, liked, className }: LikeButtonProps) => {
  const { t } = useTranslation();
  const requireAccount = useRequireAccount();
  const showToast = useShellStore((state) => state.showToast);
  const mutation = useSetAssetLike();
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={t(liked ? 'assetCard.unlike' : 'assetCard.like', { title })}
      disabled={mutation.isPending}
      onClick={() =>
        requireAccount(() =>
          mutation.mutate({ assetId, liked: !liked }, { onError: () => showToast(t('assetCard.likeFailed')) }),
        )
      }
      className={`grid size-11 place-items-center rounded-full bg-white/95 text-navy-900 shadow-sm ring-1 ring-navy-100 transition hover:bg-white disabled:opacity-60 ${className ?? ''}`}
    >
      <Heart
        aria-hidden="true"
        className={`size-5 ${liked ? 'fill-danger text-danger' : ''}`}
        strokeWidth={liked ? 2 : 1.75}
      />
    </button>
  );
};
