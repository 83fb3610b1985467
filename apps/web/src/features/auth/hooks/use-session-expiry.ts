import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { screenHref } from '../../../config/paths';
import { apiClient, orNull, setUnauthenticatedHandler } from '../../../lib/api-client';
import { translate } from '../../../lib/i18n';
import { parseLocation } from '../../../lib/screen-match';
import { useShellStore } from '../../../stores/shell-store';
import { checkSession } from '../api/check-session';

const LOGIN_LIKE = new Set(['login', 'biometricLogin', 'register', 'resetPassword']);

/**
 * A login or password change renews the session cookie while a call with the old one may still be
 * under way (the realtime 'update' of a password change arrives before the change's answer). One
 * fresh session check after this pause tells an expired session from such a race.
 */
export const SESSION_RECHECK_DELAY_MS = 250;

let rechecking = false;

/**
 * Session expiry (spec section 4: a session-check failure clears the cached user): a 401
 * `UNAUTHENTICATED` from any call while the shell thinks someone is logged in is confirmed with one
 * fresh session check; if the session is really gone, the user is cleared, the screen is kept as the
 * target and login opens.
 */
export const useSessionExpiry = () => {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthenticatedHandler(() => {
      if (rechecking || !useShellStore.getState().user) return;
      rechecking = true;
      window.setTimeout(() => {
        void orNull(checkSession(apiClient)).then((user) => {
          rechecking = false;
          const state = useShellStore.getState();
          if (user) {
            state.patch({ user });
            return;
          }
          const location = parseLocation(window.location.pathname, window.location.search);
          const screen = location.kind === 'screen' ? location.screen : null;
          state.patch({ user: null });
          if (screen && !LOGIN_LIKE.has(screen.key)) state.saveTarget(screen);
          state.showToast(translate('auth.sessionExpired'));
          void navigate(screenHref(state.platform, { key: 'login' }), { replace: true });
        });
      }, SESSION_RECHECK_DELAY_MS);
    });
    return () => setUnauthenticatedHandler(null);
  }, [navigate]);
};
