import { realtimeEvents, securityAppUpdateReasons, updatePayload } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appRealtimeOpener, listenRealtime } from '../../../lib/realtime-connection';
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
    // The app's one realtime connection (lib/realtime-connection.ts), not one of this screen's own.
    return listenRealtime(
      email,
      {
        // Anything missed while (re)connecting.
        onConnect: () => void queryClient.invalidateQueries({ queryKey: ['security-app'] }),
        onEvent: (event, raw) => {
          if (event !== realtimeEvents.update) return;
          const parsed = updatePayload.safeParse(raw);
          if (!parsed.success) return;
          if (parsed.data.reason === securityAppUpdateReasons.status)
            void queryClient.invalidateQueries({ queryKey: securityAppQueryKey });
          if (parsed.data.reason === securityAppUpdateReasons.signingRequest)
            void queryClient.invalidateQueries({ queryKey: signingRequestsQueryKey });
        },
      },
      appRealtimeOpener(email),
    );
  }, [email, queryClient]);
};
