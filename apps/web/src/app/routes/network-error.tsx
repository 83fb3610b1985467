import { RefreshCw, WifiOff } from 'lucide-react';
import { Button } from '../../components/button';
import { StatusPage } from '../../components/status-page';
import { useTranslation } from '../../lib/i18n';
import { useShellStore } from '../../stores/shell-store';
import { useReturnOnline } from '../hooks/use-connectivity';

/** Spec sections 4 and 8: 'You are offline!' with retry; reconnecting returns to the marketplace. */
export const Component = () => {
  const { t } = useTranslation();
  const returnOnline = useReturnOnline();
  const showToast = useShellStore((state) => state.showToast);
  return (
    <main className="grid min-h-dvh place-items-center bg-white">
      <StatusPage icon={WifiOff} tone="danger" title={t('networkError.title')} text={t('networkError.text')}>
        <Button
          block
          onClick={() => {
            if (!returnOnline()) showToast(t('networkError.toast'));
          }}
        >
          <RefreshCw aria-hidden="true" className="size-5" />
          {t('networkError.retry')}
        </Button>
      </StatusPage>
    </main>
  );
};
