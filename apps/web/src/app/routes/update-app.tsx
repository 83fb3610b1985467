import { Download } from 'lucide-react';
import { Button } from '../../components/button';
import { StatusPage } from '../../components/status-page';
import { useFamily } from '../../hooks/use-family';
import { useTranslation } from '../../lib/i18n';
import { nativePlatform } from '../../lib/native/shell';
import { appStoreLink, playStoreLink } from '../../lib/store-links';
import { safeIconUrl } from '../../lib/theme';
import { useShellStore } from '../../stores/shell-store';

/** Spec section 4 step 4: the server's version is newer than this client's: 'Time for an update!'. */
export const Component = () => {
  const { t } = useTranslation();
  const family = useFamily();
  // Inside the shell the partner's store entry (spec section 3: Android and iOS identifiers, store id).
  const storeUrl = useShellStore((state) => {
    const config = state.config;
    if (!config) return null;
    switch (nativePlatform()) {
      case 'android':
        return playStoreLink(config);
      case 'ios':
        return appStoreLink(config);
      default:
        return safeIconUrl(config.appURL, window.location.href);
    }
  });
  const update = () => {
    // The native app updates from its store; a web client only needs the new bundle.
    if (family === 'app' && storeUrl) window.location.assign(storeUrl);
    else window.location.reload();
  };
  return (
    <main className="grid min-h-dvh place-items-center bg-white">
      <StatusPage icon={Download} title={t('updateApp.title')} text={t('updateApp.text')}>
        <Button block onClick={update}>
          {t('updateApp.action')}
        </Button>
      </StatusPage>
    </main>
  );
};
