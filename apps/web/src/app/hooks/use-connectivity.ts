import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { generalHref, screenHref } from '../../config/paths';
import { useTranslation } from '../../lib/i18n';
import { currentPlatform } from '../../lib/platform';
import { useShellStore } from '../../stores/shell-store';
import { restartStartup, startupWasOffline } from '../bootstrap';

/** Navigates to the marketplace once back online; an offline start runs the startup again first. */
export const useReturnOnline = () => {
  const navigate = useNavigate();
  return useCallback(() => {
    if (!navigator.onLine) return false;
    useShellStore.getState().patch({ online: true });
    if (startupWasOffline()) restartStartup();
    void navigate(screenHref(currentPlatform(), { key: 'marketplace' }), { replace: true });
    return true;
  }, [navigate]);
};

/**
 * Spec section 4: on network loss routing is blocked (the navigation gate) and the app goes to
 * /networkError with the toast 'Please check your internet connection'; on reconnect it returns
 * to the marketplace.
 */
export const useConnectivity = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const returnOnline = useReturnOnline();
  useEffect(() => {
    const onOffline = () => {
      const state = useShellStore.getState();
      state.patch({ online: false });
      state.showToast(t('networkError.toast'));
      void navigate(generalHref('networkError'));
    };
    const onOnline = () => {
      returnOnline();
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, [navigate, returnOnline, t]);
};
