import { Share2 } from 'lucide-react';
import { usePending } from '../../../hooks/use-pending';
import { apiClient } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { shareLink } from '../../../lib/native/share';
import { isNativeShell } from '../../../lib/native/shell';
import { useShellStore } from '../../../stores/shell-store';
import { createShareLink } from '../api/create-share-link';

export type ShareButtonProps = { readonly assetId: string; readonly title: string; readonly className?: string };

/**
 * Share through a short link (spec section 2): in the native shell the system's share sheet (the
 * Share plugin, ADR 0029) gets the link; on the web the link goes to the clipboard, a toast says so.
 */
export const ShareButton = ({ assetId, title, className }: ShareButtonProps) => {
  const { t } = useTranslation();
  const { pending, run } = usePending();
  const share = () =>
    run(async () => {
      try {
        const link = await createShareLink(apiClient, assetId);
        if (isNativeShell()) {
          // The sheet itself shows what happened; closing it unshared is no error worth a toast.
          await shareLink({ title, text: title, url: link.shortUrl });
          return;
        }
        await navigator.clipboard.writeText(link.shortUrl);
        useShellStore.getState().showToast(t('assetCard.shareCopied'));
      } catch {
        useShellStore.getState().showToast(t('assetCard.shareFailed'));
      }
    });
  return (
    <button
      type="button"
      aria-label={t('assetCard.share', { title })}
      disabled={pending}
      onClick={() => void share()}
      className={`grid size-11 place-items-center rounded-full bg-white/95 text-navy-900 shadow-sm ring-1 ring-navy-100 transition hover:bg-white disabled:opacity-60 ${className ?? ''}`}
    >
      <Share2 aria-hidden="true" className="size-5" strokeWidth={1.75} />
    </button>
  );
};
