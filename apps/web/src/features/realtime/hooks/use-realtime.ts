import type { realtimeEvents as contractEvents } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { afterStart } from '../../../lib/after-start';
import { apiClient, orNull } from '../../../lib/api-client';
import type { SocketClient } from '../../../lib/socket-client';
import { useShellStore } from '../../../stores/shell-store';
import { checkSession } from '../../auth/api/check-session';
import { getSocketConnection } from '../api/get-socket-connection';

/** The contract's event names, restated so the shell imports no contract module (and no zod). */
const realtimeEvents: typeof contractEvents = { announce: 'announce', update: 'update', updateAssets: 'update_assets' };

/**
 * Spec section 4: a realtime connection to the middleware, for logged-in users. It announces the
 * user's e-mail and socket id; 'update' reloads the user data; 'update_assets' refreshes the asset lists and pages.
 * Our own Socket.IO client (lib/socket-client.ts, ADR 0012) is loaded on demand so guests never
 * download it, and only after the first screen is shown (lib/after-start.ts). It speaks WebSocket
 * only: when the server does not list the `websocket` transport, there is no realtime connection and
 * the screens show what their own queries load. On every (re)connect the shown data is
 * refreshed once, since events sent before the connection stood were missed.
 */
export const useRealtime = () => {
  const email = useShellStore((state) => state.user?.email ?? null);
  // Offline there is nothing to connect to; coming back starts over (and catches up).
  const online = useShellStore((state) => state.online);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!email || !online) return;
    let cancelled = false;
    const refreshUser = () =>
      void orNull(checkSession(apiClient)).then((user) => {
        const shell = useShellStore.getState();
        if (JSON.stringify(user) !== JSON.stringify(shell.user)) shell.patch({ user });
      });
    let socket: SocketClient | null = null;
    void (async () => {
      await afterStart();
      if (cancelled) return;
      const connection = await orNull(getSocketConnection(apiClient));
      if (!connection?.transports.includes('websocket') || cancelled) return;
      const client = await orNull(import('../../../lib/socket-client'));
      if (!client || cancelled) return;
      const opened = client.connectSocket({ url: connection.url || undefined, path: connection.path });
      socket = opened;
      // Everything shown before the connection (or while it was down) may have missed an event.
      const catchUp = () => {
        refreshUser();
        void queryClient.invalidateQueries({ queryKey: ['payment'] });
        void queryClient.invalidateQueries({ queryKey: ['assets'] });
        void queryClient.invalidateQueries({ queryKey: ['asset'] });
      };
      opened.on('connect', () => {
        opened.emit(realtimeEvents.announce, { email, socketId: opened.id });
        catchUp();
      });
      opened.on(realtimeEvents.update, () => {
        refreshUser();
        // Issue 7: every money change; the account screens' queries all start with 'payment'.
        void queryClient.invalidateQueries({ queryKey: ['payment'] });
      });
      // Issue 6: open marketplaces and asset pages refresh when an asset changes.
      opened.on(realtimeEvents.updateAssets, () => {
        void queryClient.invalidateQueries({ queryKey: ['assets'] });
        void queryClient.invalidateQueries({ queryKey: ['asset'] });
      });
    })();
    return () => {
      cancelled = true;
      socket?.disconnect();
    };
  }, [email, online, queryClient]);
};
