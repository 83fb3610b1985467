import type { SessionInfo } from '@bw/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { ScreenKey, ScreenRef } from '../../../config/paths';
import { useScreenHref } from '../../../hooks/use-family';
import { orNull } from '../../../lib/api-client';
import { useShellStore } from '../../../stores/shell-store';
import { logout } from '../api/logout';

/** Screens that make no sense as the place to continue to after logging in. */
export const authScreens: ReadonlySet<ScreenKey> = new Set([
  'login',
  'biometricLogin',
  'register',
  'resetPassword',
  'companyRegistration',
]);

const marketplace: ScreenRef = { key: 'marketplace' };

/** Spec section 4 step 7: after login open the saved target, else the marketplace. */
export const targetAfterLogin = (target: ScreenRef | null): ScreenRef =>
  target && !authScreens.has(target.key) ? target : marketplace;

/** Spec section 4, External login: a user without first or last name finishes the registration first. */
export const FINISH_REGISTRATION_SEARCH = 'finishRegistration&hidePassword';

/**
 * The shell knows the user from now on (its realtime socket announces them, features/realtime).
 * Logging in or registering counts as having watched the intro slides (spec section 4 step 6 is for
 * a first open): the next start goes to the page asked for, not to the slides.
 */
export const applySession = (info: SessionInfo): void => {
  useShellStore.getState().patch({
    user: { userId: info.userId, email: info.email, role: info.role },
    lastUserEmail: info.email,
    introWatched: true,
  });
};

export const useSessionActions = () => {
  const navigate = useNavigate();
  const href = useScreenHref();

  const goToTarget = useCallback(() => {
    const { targetScreen, saveTarget } = useShellStore.getState();
    saveTarget(null);
    void navigate(href(targetAfterLogin(targetScreen)), { replace: true });
  }, [href, navigate]);

  /** After any login: needsName → register?finishRegistration&hidePassword, else the saved target. */
  const finishLogin = useCallback(
    (info: SessionInfo) => {
      applySession(info);
      if (info.needsName) {
        void navigate(href({ key: 'register', search: FINISH_REGISTRATION_SEARCH }), { replace: true });
        return;
      }
      goToTarget();
    },
    [goToTarget, href, navigate],
  );

  /** Ends the session on the server and here, then shows login (also "switch account"). */
  const endSession = useCallback(async () => {
    await orNull(logout());
    useShellStore.getState().patch({ user: null, targetScreen: null });
    void navigate(href({ key: 'login' }), { replace: true });
  }, [href, navigate]);

  return { finishLogin, goToTarget, endSession };
};
