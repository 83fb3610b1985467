import { useUnreadCount } from '../hooks/use-unread-count';

/** The unread count on the navigation's inbox entry (hidden at 0). */
export const UnreadBadge = () => {
  const count = useUnreadCount();
  if (count === 0) return null;
  return (
    <span
      className="absolute -right-2 -top-1 min-w-5 rounded-full bg-brand px-1.5 text-center text-xs font-bold leading-5 text-on-brand"
      data-testid="unread-badge"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
};
