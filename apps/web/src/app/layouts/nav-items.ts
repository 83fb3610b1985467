import type { LucideIcon } from 'lucide-react';
import { ChartPie, Inbox, LifeBuoy, Store, Wallet } from 'lucide-react';
import type { ScreenKey } from '../../config/paths';

export type NavItem = {
  readonly key: ScreenKey & ('marketplace' | 'investments' | 'account' | 'inbox' | 'support');
  readonly icon: LucideIcon;
  readonly label: 'nav.marketplace' | 'nav.investments' | 'nav.account' | 'nav.inbox' | 'nav.support';
};

/** The bottom tab bar on app and mobileWeb, and the top navigation on desktop (issue 3). */
export const navItems: readonly NavItem[] = [
  { key: 'marketplace', icon: Store, label: 'nav.marketplace' },
  { key: 'investments', icon: ChartPie, label: 'nav.investments' },
  { key: 'account', icon: Wallet, label: 'nav.account' },
  { key: 'inbox', icon: Inbox, label: 'nav.inbox' },
  { key: 'support', icon: LifeBuoy, label: 'nav.support' },
];
