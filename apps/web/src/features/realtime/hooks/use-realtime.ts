import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { inTurns } from '../../../lib/after-start';
import { apiClient, orNull } from '../../../lib/api-client';
import { appRealtimeOpener, listenRealtime, REALTIME_EVENTS } from '../../../lib/realtime-connection';
import { useShellStore } from '../../../stores/shell-store';
import { checkSession } from '../../auth/api/check-session';

/**
 * Spec section 4: a realtime connection to the middleware, for logged-in users. It announces the
 * user's e-mail and socket id; 'update' reloads the user data; 'update_assets' refreshes the asset
 * lists and pages. The connection is the app's one (lib/realtime-connection.ts, issue 27), opened
 * after the first screen is shown with our own Socket.IO client (ADR 0012), which guests never
 * download. On every (re)connect the shown data is refreshed once, since events sent before the
 * connection stood were missed.
 */
export const useRealtime = () => {
  const email = useShellStore((state) => state.user?.email ?? null);
  // Offline there is nothing to connect to; coming back starts over (and catches up).
  const online = useShellStore((state) => state.online);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!email || !online) return;
    const refreshUser = () =>
      void orNull(checkSession(apiClient)).then((user) => {
        const shell = useShellStore.getState();
        if (JSON.stringify(user) !== JSON.stringify(shell.user)) shell.patch({ user });
      });
    const refreshAssets = () => {
      void queryClient.invalidateQueries({ queryKey: ['assets'] });
      void queryClient.invalidateQueries({ queryKey: ['asset'] });
    };
    return listenRealtime(
      email,
      {
        // Everything shown before the connection (or while it was down) may have missed an event.
        // One refresh per task, so the catch-up right after the start is no long task (issue 27).
        onConnect: () =>
          void inTurns([
            refreshUser,
            () => void queryClient.invalidateQueries({ queryKey: ['payment'] }),
            () => void queryClient.invalidateQueries({ queryKey: ['notifications'] }),
            () => void queryClient.invalidateQueries({ queryKey: ['assets'] }),
            () => void queryClient.invalidateQueries({ queryKey: ['asset'] }),
          ]),
        onEvent: (event) => {
          if (event === REALTIME_EVENTS.update) {
            refreshUser();
            // Issue 7: every money change; the account screens' queries all start with 'payment'.
            void queryClient.invalidateQueries({ queryKey: ['payment'] });
            // Issue 24: a voting's phase changed (reason `forum`); open forum screens refresh.
            void queryClient.invalidateQueries({ queryKey: ['forum'] });
          }
          // Issue 23: a new notification or one read elsewhere: the inbox and its unread count refresh.
          if (event === REALTIME_EVENTS.notification)
            void queryClient.invalidateQueries({ queryKey: ['notifications'] });
          // Issue 6: open marketplaces and asset pages refresh when an asset changes.
          if (event === REALTIME_EVENTS.updateAssets) refreshAssets();
        },
      },
      appRealtimeOpener(email),
    );
  }, [email, online, queryClient]);
};
