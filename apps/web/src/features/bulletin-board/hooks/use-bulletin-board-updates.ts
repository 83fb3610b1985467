import { realtimeEvents, updatePayload } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SocketClient } from '../../../lib/socket-client';
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
    let cancelled = false;
    let socket: SocketClient | null = null;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: [BULLETIN_BOARD_QUERY_ROOT] });
    void import('../../../lib/socket-client').then(({ connectSocket }) => {
      if (cancelled) return;
      socket = connectSocket({ path: '/socket.io' });
      const opened = socket;
      opened.on('connect', () => {
        opened.emit(realtimeEvents.announce, { email, socketId: opened.id });
        refresh();
      });
      opened.on(realtimeEvents.update, (raw: unknown) => {
        const parsed = updatePayload.safeParse(raw);
        if (parsed.success && OFFER_REASONS.has(parsed.data.reason)) refresh();
      });
      // Someone else's new, taken or deleted offer changes the asset: the lists follow.
      opened.on(realtimeEvents.updateAssets, refresh);
    });
    return () => {
      cancelled = true;
      socket?.disconnect();
    };
  }, [email, queryClient]);
};
