import type { AdminRouteKey } from '@bw/contracts';
import { type LucideIcon, ScrollText, UsersRound } from 'lucide-react';
import type { ComponentType } from 'react';
import { boPaths } from './paths';

type Screen = () => Promise<{ readonly default: ComponentType }>;

/**
 * The one navigation registry of the back office (ADR 0019). A new screen is one entry: where
 * it lives, its label and icon, the admin call it needs (the permission table decides who sees
 * it) and its lazily loaded component; further routes of the area (detail pages) go in `routes`.
 */
export type NavEntry = {
  readonly path: string;
  readonly label: string;
  readonly icon: LucideIcon;
  readonly group: 'Überblick' | 'Produkt' | 'Kundschaft' | 'Geld' | 'Verwaltung';
  readonly requires: AdminRouteKey;
  readonly screen: Screen;
  readonly routes?: readonly { readonly path: string; readonly screen: Screen }[];
};

export const navigation: readonly NavEntry[] = [
  {
    path: boPaths.audit,
    label: 'Protokoll',
    icon: ScrollText,
    group: 'Verwaltung',
    requires: 'GET /admin/api/v1/audit',
    screen: () => import('../features/audit/audit-page'),
  },
  {
    path: boPaths.staff,
    label: 'Team',
    icon: UsersRound,
    group: 'Verwaltung',
    requires: 'GET /admin/api/v1/staff',
    screen: () => import('../features/staff/staff-page'),
  },
];
