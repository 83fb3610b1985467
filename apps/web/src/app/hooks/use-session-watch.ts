import { useEffect } from 'react';
import { checkSession } from '../../features/auth/api/check-session';
import { apiClient, orNull } from '../../lib/api-client';
import { useShellStore } from '../../stores/shell-store';

/**
 * Spec section 4: on returning to the foreground the session is re-checked; a failure clears the
 * cached user and sets logged out.
 */
export const useSessionWatch = () => {
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || !navigator.onLine) return;
      void orNull(checkSession(apiClient)).then((user) => useShellStore.getState().patch({ user }));
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
};
