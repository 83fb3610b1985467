import { Smartphone } from 'lucide-react';
import { buttonClass } from '../../components/button';
import { StatusPage } from '../../components/status-page';
import { useTranslation } from '../../lib/i18n';
import { safeIconUrl } from '../../lib/theme';
import { useShellStore } from '../../stores/shell-store';

/** General route /downloadMobileApp: points to the partner's app. */
export const Component = () => {
  const { t } = useTranslation();
  const appUrl = useShellStore((state) => safeIconUrl(state.config?.appURL, window.location.href));
  return (
    <main className="grid min-h-dvh place-items-center bg-white">
      <StatusPage icon={Smartphone} title={t('downloadMobileApp.title')} text={t('downloadMobileApp.text')}>
        {appUrl ? (
          <a href={appUrl} className={buttonClass('primary', true)} rel="noopener">
            {t('routes.downloadMobileApp')}
          </a>
        ) : null}
      </StatusPage>
    </main>
  );
};
