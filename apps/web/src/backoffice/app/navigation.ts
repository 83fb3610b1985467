import type { AdminRouteKey } from '@bw/contracts';
import {
  BookCheck,
  Building2,
  Coins,
  FileStack,
  Gift,
  Handshake,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  MessageSquareWarning,
  Palette,
  ScrollText,
  ShieldCheck,
  Users,
  UsersRound,
  Wallet,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { boPaths } from '../lib/paths';

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
    path: boPaths.overview,
    label: 'Übersicht',
    icon: LayoutDashboard,
    group: 'Überblick',
    requires: 'GET /admin/api/v1/dashboard',
    screen: () => import('../features/dashboard/dashboard-page'),
  },
  {
    path: boPaths.assets,
    label: 'Objekte',
    icon: Building2,
    group: 'Produkt',
    requires: 'GET /admin/api/v1/assets',
    screen: () => import('../features/assets/assets-page'),
    routes: [
      { path: boPaths.newAsset, screen: () => import('../features/assets/new-asset-page') },
      { path: `${boPaths.assets}/:id`, screen: () => import('../features/assets/asset-detail-page') },
    ],
  },
  {
    path: boPaths.templates,
    label: 'Vorlagen',
    icon: FileStack,
    group: 'Produkt',
    requires: 'GET /admin/api/v1/asset-templates',
    screen: () => import('../features/assets/templates-page'),
  },
  {
    path: boPaths.investors,
    label: 'Investoren',
    icon: Users,
    group: 'Kundschaft',
    requires: 'GET /admin/api/v1/investors',
    screen: () => import('../features/investors/investors-page'),
    routes: [{ path: `${boPaths.investors}/:id`, screen: () => import('../features/investors/investor-page') }],
  },
  {
    path: boPaths.kyc,
    label: 'Identifizierungen',
    icon: ShieldCheck,
    group: 'Kundschaft',
    requires: 'GET /admin/api/v1/identifications/review',
    screen: () => import('../features/investors/kyc-queue-page'),
  },
  {
    path: boPaths.support,
    label: 'Support',
    icon: LifeBuoy,
    group: 'Kundschaft',
    requires: 'GET /admin/api/v1/support/requests',
    screen: () => import('../features/support/support-queue-page'),
  },
  {
    path: boPaths.money,
    label: 'Geld',
    icon: Wallet,
    group: 'Geld',
    requires: 'GET /admin/api/v1/reconciliation',
    screen: () => import('../features/money/money-page'),
  },
  {
    path: boPaths.distributions,
    label: 'Ausschüttungen',
    icon: Coins,
    group: 'Geld',
    requires: 'GET /admin/api/v1/assets/:id/distributions',
    screen: () => import('../features/distributions/distributions-page'),
  },
  {
    path: boPaths.shareRegister,
    label: 'Anteilsregister',
    icon: BookCheck,
    group: 'Geld',
    requires: 'GET /admin/api/v1/assets/:id/register',
    screen: () => import('../features/share-register/share-register-page'),
  },
  {
    path: boPaths.bonusCodes,
    label: 'Bonus-Codes',
    icon: Gift,
    group: 'Geld',
    requires: 'GET /admin/api/v1/bonus-codes',
    screen: () => import('../features/bonus-codes/bonus-codes-page'),
  },
  {
    path: boPaths.partners,
    label: 'Partner',
    icon: Palette,
    group: 'Verwaltung',
    requires: 'GET /admin/api/v1/partners',
    screen: () => import('../features/partners/partners-page'),
    routes: [{ path: `${boPaths.partners}/:id`, screen: () => import('../features/partners/partner-edit-page') }],
  },
  {
    path: boPaths.affiliates,
    label: 'Affiliates',
    icon: Handshake,
    group: 'Kundschaft',
    requires: 'GET /admin/api/v1/affiliates',
    screen: () => import('../features/affiliates/affiliates-page'),
  },
  {
    path: boPaths.forumModeration,
    label: 'Forum-Moderation',
    icon: MessageSquareWarning,
    group: 'Kundschaft',
    requires: 'GET /admin/api/v1/forum/complaints',
    screen: () => import('../features/forum/moderation-page'),
  },
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
