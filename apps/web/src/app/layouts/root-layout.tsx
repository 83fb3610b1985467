import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { BottomSheet } from '../../components/bottom-sheet';
import { Button } from '../../components/button';
import { GuestDialog } from '../../components/guest-dialog';
import { ToastRegion } from '../../components/toast-region';
import { useSessionExpiry } from '../../features/auth/hooks/use-session-expiry';
import { FeedbackPromptGate } from '../../features/feedback/components/feedback-prompt-gate';
import { useRealtime } from '../../features/realtime/hooks/use-realtime';
import { useFamily } from '../../hooks/use-family';
import { firstScreenShown } from '../../lib/after-start';
import { useTranslation } from '../../lib/i18n';
import { useConnectivity } from '../hooks/use-connectivity';
import { useDocumentMeta } from '../hooks/use-document-meta';
import { useNativeBack } from '../hooks/use-native-back';
import { useSessionWatch } from '../hooks/use-session-watch';
import { useHideSplash } from '../hooks/use-splash';

/** Everything every route shares: theme and document, connectivity, session, realtime, back button, dialogs. */
export const RootLayout = () => {
  const { t } = useTranslation();
  const family = useFamily();
  useHideSplash();
  useDocumentMeta();
  useConnectivity();
  useSessionWatch();
  useSessionExpiry();
  useRealtime();
  useEffect(firstScreenShown, []);
  const back = useNativeBack();
  return (
    <>
      <Outlet />
      <ToastRegion />
      <GuestDialog />
      <FeedbackPromptGate />
      <BottomSheet
        open={back.confirming}
        onClose={back.stay}
        title={t('backConfirm.title')}
        variant={family === 'desktopWeb' ? 'dialog' : 'sheet'}
      >
        <p className="text-base text-navy-700">{t('backConfirm.text')}</p>
        <div className="mt-6 flex flex-col gap-3">
          <Button block onClick={back.stay}>
            {t('backConfirm.stay')}
          </Button>
          <Button block variant="secondary" onClick={back.leave}>
            {t('backConfirm.leave')}
          </Button>
        </div>
      </BottomSheet>
      <ScrollRestoration />
    </>
  );
};
