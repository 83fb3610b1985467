import { Share2 } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { useCreateShareLink } from '../api/create-share-link';

export type ShareButtonProps = { readonly assetId: string; readonly title: string; readonly className?: string };

/** Share through a short link (spec section 2): the link goes to the clipboard, a toast says so. */
export const ShareButton = ({ assetId, title, className }: ShareButtonProps) => {
  const { t } = useTranslation();
  const showToast = useShellStore((state) => state.showToast);
  const mutation = useCreateShareLink();
  const share = async () => {
    try {
      const link = await mutation.mutateAsync(assetId);
      await navigator.clipboard.writeText(link.shortUrl);
      showToast(t('assetCard.shareCopied'));
    } catch {
      showToast(t('assetCard.shareFailed'));
    }
  };
  return (
    <button
      type="button"
      aria-label={t('assetCard.share', { title })}
      disabled={mutation.isPending}
      onClick={() => void share()}
      className={`grid size-11 place-items-center rounded-full bg-white/95 text-navy-900 shadow-sm ring-1 ring-navy-100 transition hover:bg-white disabled:opacity-60 ${className ?? ''}`}
    >
      <Share2 aria-hidden="true" className="size-5" strokeWidth={1.75} />
    </button>
  );
};
