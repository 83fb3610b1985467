import { CloudAlert } from 'lucide-react';
import { Button } from '../../components/button';
import { StatusPage } from '../../components/status-page';
import { useTranslation } from '../../lib/i18n';
import { useHideSplash } from '../hooks/use-splash';

/** Last resort when the startup or a screen fails to load (spec section 8: chunk load failures). */
export const RootError = () => {
  const { t } = useTranslation();
  useHideSplash();
  return (
    <main className="grid min-h-dvh place-items-center bg-white">
      <StatusPage icon={CloudAlert} tone="danger" title={t('startupError.title')} text={t('startupError.text')}>
        <Button block onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      </StatusPage>
    </main>
  );
};
