import { X } from 'lucide-react';
import { useEffect } from 'react';
import { TOAST_DURATION_MS } from '../config/constants';
import { useTranslation } from '../lib/i18n';
import { useShellStore } from '../stores/shell-store';

/** Polite live region for short notices ('Please check your internet connection', spec section 8). */
export const ToastRegion = () => {
  const { t } = useTranslation();
  const toast = useShellStore((state) => state.toast);
  const dismiss = useShellStore((state) => state.dismissToast);
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(dismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast, dismiss]);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-3 z-50 flex justify-center px-4 pt-[env(safe-area-inset-top)]"
    >
      {toast ? (
        <div
          key={toast.id}
          data-testid="toast"
          className="pointer-events-auto flex max-w-md items-center gap-3 rounded-xl bg-navy-900 px-4 py-3 text-sm font-medium text-white shadow-lg"
        >
          <span>{toast.message}</span>
          <button
            type="button"
            onClick={dismiss}
            className="rounded-md p-1 text-white/80 hover:text-white"
            aria-label={t('common.close')}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
};
