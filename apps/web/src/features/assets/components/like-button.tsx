import { useQueryClient } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { useRequireAccount } from '../../../components/guest-dialog';
import { usePending } from '../../../hooks/use-pending';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { likeAsset } from '../api/like-asset';

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
  const queryClient = useQueryClient();
  const { pending, run } = usePending();
  const toggle = () =>
    run(async () => {
      try {
        await likeAsset(queryClient, assetId, !liked);
      } catch {
        useShellStore.getState().showToast(t('assetCard.likeFailed'));
      }
    });
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={t(liked ? 'assetCard.unlike' : 'assetCard.like', { title })}
      disabled={pending}
      onClick={() => requireAccount(() => void toggle())}
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
