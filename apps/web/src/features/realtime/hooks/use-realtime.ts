import { realtimeEvents } from '@bw/contracts';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { apiClient, orNull } from '../../../lib/api-client';
import { useShellStore } from '../../../stores/shell-store';
import { checkSession } from '../../auth/api/check-session';
import { getSocketConnection } from '../api/get-socket-connection';

/**
 * Spec section 4: a realtime connection to the middleware, for logged-in users. It announces the
 * user's e-mail and socket id; 'update' reloads the user data; 'update_assets' is only logged.
 * socket.io-client is loaded on demand so guests never download it.
 */
export const useRealtime = () => {
  const email = useShellStore((state) => state.user?.email ?? null);
  useEffect(() => {
    if (!email) return;
    let cancelled = false;
    let socket: Socket | null = null;
    void (async () => {
      const connection = await orNull(getSocketConnection(apiClient));
      if (!connection || cancelled) return;
      const { io } = await import('socket.io-client');
      if (cancelled) return;
      const options = { path: connection.path, transports: connection.transports, withCredentials: true };
      const opened = connection.url ? io(connection.url, options) : io(options);
      socket = opened;
      opened.on('connect', () => {
        opened.emit(realtimeEvents.announce, { email, socketId: opened.id });
      });
      opened.on(realtimeEvents.update, () => {
        void orNull(checkSession(apiClient)).then((user) => useShellStore.getState().patch({ user }));
      });
      opened.on(realtimeEvents.updateAssets, (payload: unknown) => {
        console.info('[realtime] update_assets', payload);
      });
    })();
    return () => {
      cancelled = true;
      socket?.disconnect();
    };
  }, [email]);
};
