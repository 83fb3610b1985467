import { Smartphone } from 'lucide-react';
import { buttonClass } from '../../components/button';
import { StatusPage } from '../../components/status-page';
import { useTranslation } from '../../lib/i18n';
import { appStoreLink, playStoreLink } from '../../lib/store-links';
import { safeIconUrl } from '../../lib/theme';
import { useShellStore } from '../../stores/shell-store';

/** General route /downloadMobileApp: points to the partner's app and its pages in both stores. */
export const Component = () => {
  const { t } = useTranslation();
  const appUrl = useShellStore((state) => safeIconUrl(state.config?.appURL, window.location.href));
  const config = useShellStore((state) => state.config);
  const storeLink = appStoreLink(config);
  const playLink = playStoreLink(config);
  return (
    <main className="grid min-h-dvh place-items-center bg-white">
      <StatusPage icon={Smartphone} title={t('downloadMobileApp.title')} text={t('downloadMobileApp.text')}>
        {appUrl ? (
          <a href={appUrl} className={buttonClass('primary', true)} rel="noopener">
            {t('routes.downloadMobileApp')}
          </a>
        ) : null}
        {storeLink ? (
          <a href={storeLink} className={buttonClass('secondary', true)} rel="noopener">
            {t('downloadMobileApp.appStore')}
          </a>
        ) : null}
        {playLink ? (
          <a href={playLink} className={buttonClass('secondary', true)} rel="noopener">
            {t('downloadMobileApp.playStore')}
          </a>
        ) : null}
      </StatusPage>
    </main>
  );
};
