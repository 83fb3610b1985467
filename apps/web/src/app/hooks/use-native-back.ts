import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { screenHref } from '../../config/paths';
import { useFamily } from '../../hooks/use-family';
import { type BackAction, decideBackAction } from '../../lib/android-back';
import { NATIVE_BACK_EVENT, NATIVE_EXIT_EVENT } from '../../lib/native/events';
import { parseLocation } from '../../lib/screen-match';

const canGoBack = (): boolean => {
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) > 0;
};

/** Spec section 2, Android hardware back, wired to the pure rules in lib/android-back.ts. */
export const useNativeBack = () => {
  const navigate = useNavigate();
  const family = useFamily();
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    const onBack = () => {
      // The address bar, not the last rendered location: right after a navigation React may not have
      // committed the new screen yet (a transition), and back must act on where the user is.
      const parsed = parseLocation(window.location.pathname, window.location.search);
      const screen = parsed.kind === 'screen' ? (parsed.screen?.key ?? null) : null;
      const action: BackAction = decideBackAction(screen, canGoBack());
      switch (action) {
        case 'exitApp':
          window.dispatchEvent(new CustomEvent(NATIVE_EXIT_EVENT));
          return;
        case 'toMarketplace':
          void navigate(screenHref(family, { key: 'marketplace' }));
          return;
        case 'confirmLeave':
          setConfirming(true);
          return;
        case 'goBack':
          void navigate(-1);
          return;
      }
    };
    window.addEventListener(NATIVE_BACK_EVENT, onBack);
    return () => window.removeEventListener(NATIVE_BACK_EVENT, onBack);
  }, [family, navigate]);

  return {
    confirming,
    stay: () => setConfirming(false),
    leave: () => {
      setConfirming(false);
      if (canGoBack()) void navigate(-1);
      else void navigate(screenHref(family, { key: 'marketplace' }));
    },
  };
};
