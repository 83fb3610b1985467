import type { MouseEvent, ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useRequireAccount } from '../../components/guest-dialog';
import { paths } from '../../config/paths';
import { UnreadBadge } from '../../features/inbox/components/unread-badge';
import { useScreenHref } from '../../hooks/use-family';
import type { NavItem } from './nav-items';

export type NavLinkItemProps = {
  readonly item: NavItem;
  readonly className: (active: boolean) => string;
  readonly children: ReactNode;
};

/** A navigation entry; account-only areas ask a guest to register or log in instead of navigating. */
export const NavLinkItem = ({ item, className, children }: NavLinkItemProps) => {
  const href = useScreenHref();
  const requireAccount = useRequireAccount();
  const needsAccount = !paths.screens[item.key].guest;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!needsAccount) return;
    let allowed = false;
    requireAccount(() => {
      allowed = true;
    });
    if (!allowed) event.preventDefault();
  };
  return (
    <NavLink
      to={href({ key: item.key })}
      onClick={onClick}
      data-testid={`nav-${item.key}`}
      className={({ isActive }) => `relative ${className(isActive)}`}
    >
      {children}
      {item.key === 'inbox' ? <UnreadBadge /> : null}
    </NavLink>
  );
};
