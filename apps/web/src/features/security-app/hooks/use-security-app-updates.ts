import { realtimeEvents, securityAppUpdateReasons, updatePayload } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SocketClient } from '../../../lib/socket-client';
import { useShellStore } from '../../../stores/shell-store';
import { securityAppQueryKey, signingRequestsQueryKey } from '../api/query-keys';

/**
 * While a security-app screen is open, the server's `update` events with this domain's reasons
 * re-fetch the status and the signing requests, so a signature in the app shows here at once.
 */
export const useSecurityAppUpdates = () => {
  const email = useShellStore((state) => state.user?.email ?? null);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!email) return;
    let cancelled = false;
    let socket: SocketClient | null = null;
    void import('../../../lib/socket-client').then(({ connectSocket }) => {
      if (cancelled) return;
      const opened = connectSocket({ path: '/socket.io' });
      socket = opened;
      opened.on('connect', () => {
        opened.emit(realtimeEvents.announce, { email, socketId: opened.id });
        // Anything missed while (re)connecting.
        void queryClient.invalidateQueries({ queryKey: ['security-app'] });
      });
      opened.on(realtimeEvents.update, (raw: unknown) => {
        const parsed = updatePayload.safeParse(raw);
        if (!parsed.success) return;
        if (parsed.data.reason === securityAppUpdateReasons.status)
          void queryClient.invalidateQueries({ queryKey: securityAppQueryKey });
        if (parsed.data.reason === securityAppUpdateReasons.signingRequest)
          void queryClient.invalidateQueries({ queryKey: signingRequestsQueryKey });
      });
    });
    return () => {
      cancelled = true;
      socket?.disconnect();
    };
  }, [email, queryClient]);
};
