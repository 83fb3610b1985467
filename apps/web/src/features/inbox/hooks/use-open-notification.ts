import type { NotificationItem } from '@bw/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { markNotificationSeen } from '../api/notifications';

/** Opening an unread notification marks it seen (spec section 4); the inbox and the badge refresh. */
export const useMarkSeen = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markNotificationSeen(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
};

export const useSeenOnOpen = (item: NotificationItem | undefined) => {
  const { mutate } = useMarkSeen();
  const id = item && !item.seen ? item.id : null;
  useEffect(() => {
    if (id) mutate(id);
  }, [id, mutate]);
};
