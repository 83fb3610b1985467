import * as ops from '@bw/api-client/operations';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useShellStore } from '../../../stores/shell-store';

/** A hand guard instead of the contract's zod schema: the navigation's badge is shell code (ADR 0013). */
const unreadGuard = {
  parse: (input: unknown): number => {
    const count = (input as { unreadCount?: unknown } | null)?.unreadCount;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) throw new Error('unreadCount');
    return count;
  },
};

/** The unread count of the navigation's inbox entry; the socket's `notification` event refreshes it. */
export const useUnreadCount = (): number => {
  const loggedIn = useShellStore((state) => state.user !== null);
  const { data } = useQuery({
    queryKey: ['notifications', 'unread'],
    queryFn: () => apiClient.get(ops.getNotification, unreadGuard, { query: { page: 0, pageSize: 1 } }),
    enabled: loggedIn,
    staleTime: 30_000,
  });
  return loggedIn ? (data ?? 0) : 0;
};
