import { Outlet, useMatches } from 'react-router';
import type { RouteHandle } from '../../config/route-handle';
import { MobileAccount } from '../../features/auth/components/header-account';
import { OpenStepBannerSlot } from '../../features/personal-data/components/open-step-banner-slot';
import { useTranslation } from '../../lib/i18n';
import { BrandMark } from './brand-mark';
import { navItems } from './nav-items';
import { NavLinkItem } from './nav-link-item';

/** App and mobileWeb: a slim header with the partner's mark and a bottom tab bar (issue 3). */
export const MobileLayout = () => {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  if (handle?.bare) return <Outlet />;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-3 focus:py-2"
      >
        {t('common.skipToContent')}
      </a>
      <header className="sticky top-0 z-20 flex items-center justify-between border-b border-navy-100 bg-white/95 px-4 pt-[env(safe-area-inset-top)] backdrop-blur">
        <div className="flex h-14 items-center">
          <BrandMark />
        </div>
        <MobileAccount />
      </header>
      <OpenStepBannerSlot />
      <main id="main" className="flex-1 pb-24">
        <Outlet />
      </main>
      <nav
        aria-label={t('nav.tabs')}
        className="fixed inset-x-0 bottom-0 z-20 border-t border-navy-100 bg-white pb-[env(safe-area-inset-bottom)]"
      >
        <ul className="mx-auto grid max-w-lg grid-cols-5">
          {navItems.map((item) => (
            <li key={item.key}>
              <NavLinkItem
                item={item}
                className={(active) =>
                  `flex min-h-16 flex-col items-center justify-center gap-1 text-xs font-medium ${
                    active ? 'text-brand-text' : 'text-navy-700 hover:text-navy-900'
                  }`
                }
              >
                <item.icon aria-hidden="true" className="size-6" strokeWidth={1.75} />
                <span>{t(item.label)}</span>
              </NavLinkItem>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
};
