import { realtimeEvents, updatePayload } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appRealtimeOpener, listenRealtime } from '../../../lib/realtime-connection';
import { useShellStore } from '../../../stores/shell-store';
import { BULLETIN_BOARD_QUERY_ROOT } from '../api/query-keys';

/** The `update` reasons that change an offer: the board's own, and a signature in the security app. */
const OFFER_REASONS: ReadonlySet<string> = new Set(['bulletinBoard', 'signingRequest']);

/**
 * While an offer screen or a market tab is open, the other side's step (a take, a signature, a
 * private-trade step) arrives as a realtime `update`, another investor's offer as `update_assets`;
 * both re-read the bulletin board's queries at once (issue 10).
 */
export const useBulletinBoardUpdates = () => {
  const email = useShellStore((state) => state.user?.email ?? null);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!email) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: [BULLETIN_BOARD_QUERY_ROOT] });
    // The app's one realtime connection (lib/realtime-connection.ts), not one of the board's own.
    return listenRealtime(
      email,
      {
        onConnect: refresh,
        onEvent: (event, raw) => {
          if (event === realtimeEvents.update) {
            const parsed = updatePayload.safeParse(raw);
            if (parsed.success && OFFER_REASONS.has(parsed.data.reason)) refresh();
          }
          // Someone else's new, taken or deleted offer changes the asset: the lists follow.
          if (event === realtimeEvents.updateAssets) refresh();
        },
      },
      appRealtimeOpener(email),
    );
  }, [email, queryClient]);
};
