import { Link, Outlet } from 'react-router';
import { DesktopAccount } from '../../features/auth/components/header-account';
import { OpenStepBannerSlot } from '../../features/personal-data/components/open-step-banner-slot';
import { useScreenHref } from '../../hooks/use-family';
import { useTranslation } from '../../lib/i18n';
import { BrandMark } from './brand-mark';
import { navItems } from './nav-items';
import { NavLinkItem } from './nav-link-item';

/** desktopWeb: a top navigation with the partner's mark, the five areas and the account entry. */
export const DesktopLayout = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-3 focus:py-2"
      >
        {t('common.skipToContent')}
      </a>
      <header className="sticky top-0 z-20 border-b border-navy-100 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-8 px-8">
          <BrandMark />
          <nav aria-label={t('nav.main')} className="flex-1">
            <ul className="flex items-center gap-1">
              {navItems.map((item) => (
                <li key={item.key}>
                  <NavLinkItem
                    item={item}
                    className={(active) =>
                      `flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold transition ${
                        active ? 'bg-navy-100 text-brand-text' : 'text-navy-700 hover:bg-navy-100 hover:text-navy-900'
                      }`
                    }
                  >
                    <item.icon aria-hidden="true" className="size-4" strokeWidth={2} />
                    {t(item.label)}
                  </NavLinkItem>
                </li>
              ))}
            </ul>
          </nav>
          <DesktopAccount />
        </div>
      </header>
      <OpenStepBannerSlot />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-navy-100 bg-white">
        <div className="mx-auto flex max-w-6xl items-center gap-6 px-8 py-6 text-sm text-navy-700">
          <Link to={href({ key: 'imprintDetails' })} className="hover:text-navy-900">
            {t('routes.imprintDetails')}
          </Link>
          <Link to={href({ key: 'support' })} className="hover:text-navy-900">
            {t('routes.support')}
          </Link>
        </div>
      </footer>
    </div>
  );
};
