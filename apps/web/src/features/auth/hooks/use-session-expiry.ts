import i18next from 'i18next';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { screenHref } from '../../../config/paths';
import { setUnauthenticatedHandler } from '../../../lib/api-client';
import { parseLocation } from '../../../lib/screen-match';
import { useShellStore } from '../../../stores/shell-store';

const LOGIN_LIKE = new Set(['login', 'biometricLogin', 'register', 'resetPassword']);

/**
 * Session expiry (spec section 4: a session-check failure clears the cached user): a 401
 * `UNAUTHENTICATED` from any call while the shell thinks someone is logged in clears the user,
 * keeps the screen as the target and goes to login.
 */
export const useSessionExpiry = () => {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthenticatedHandler(() => {
      const state = useShellStore.getState();
      if (!state.user) return;
      const location = parseLocation(window.location.pathname, window.location.search);
      const screen = location.kind === 'screen' ? location.screen : null;
      state.patch({ user: null });
      if (screen && !LOGIN_LIKE.has(screen.key)) state.saveTarget(screen);
      state.showToast(i18next.t('auth.sessionExpired'));
      void navigate(screenHref(state.platform, { key: 'login' }), { replace: true });
    });
    return () => setUnauthenticatedHandler(null);
  }, [navigate]);
};
