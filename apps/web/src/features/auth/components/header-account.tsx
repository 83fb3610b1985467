import { ChevronDown, LogIn, LogOut, Settings, UserRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/button';
import { useScreenHref } from '../../../hooks/use-family';
import { orNull } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';

/** Logs out; the call (and zod with it) loads only when someone logs out, not with the shell. */
const useLogout = () => {
  const navigate = useNavigate();
  const href = useScreenHref();
  return async () => {
    const { logout } = await import('../api/logout');
    await orNull(logout());
    useShellStore.getState().patch({ user: null, targetScreen: null });
    void navigate(href({ key: 'login' }), { replace: true });
  };
};

/** desktopWeb header: login and register for guests, a user menu (settings, log out) when logged in. */
export const DesktopAccount = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const user = useShellStore((state) => state.user);
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the menu
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !menu.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (!user) {
    return (
      <div className="flex items-center gap-2">
        <Link to={href({ key: 'login' })} className={buttonClass('ghost', false, 'sm')}>
          <LogIn aria-hidden="true" className="size-4" />
          {t('nav.login')}
        </Link>
        <Link to={href({ key: 'register' })} className={buttonClass('primary', false, 'sm')}>
          {t('nav.register')}
        </Link>
      </div>
    );
  }
  const item =
    'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium text-navy-900 hover:bg-navy-100';
  return (
    <div className="relative" ref={menu}>
      <button
        type="button"
        aria-expanded={open}
        aria-haspopup="true"
        aria-label={t('settings.userMenu')}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-10 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-navy-700 hover:bg-navy-100 hover:text-navy-900"
        data-testid="user-menu"
      >
        <UserRound aria-hidden="true" className="size-4" />
        <span className="max-w-56 truncate">{user.email}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </button>
      {open ? (
        <div className="absolute right-0 mt-2 w-56 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-navy-100">
          <Link to={href({ key: 'settings' })} className={item}>
            <Settings aria-hidden="true" className="size-4" />
            {t('settings.title')}
          </Link>
          <button type="button" className={item} onClick={() => void logout()} data-testid="menu-logout">
            <LogOut aria-hidden="true" className="size-4" />
            {t('settings.logout')}
          </button>
        </div>
      ) : null}
    </div>
  );
};

/** app and mobileWeb header: the way to settings when logged in, to login when not. */
export const MobileAccount = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const loggedIn = useShellStore((state) => state.user !== null);
  return loggedIn ? (
    <Link
      to={href({ key: 'settings' })}
      aria-label={t('settings.title')}
      data-testid="header-settings"
      className="grid size-11 place-items-center rounded-full text-navy-700 hover:bg-navy-100 hover:text-navy-900"
    >
      <UserRound aria-hidden="true" className="size-6" strokeWidth={1.75} />
    </Link>
  ) : (
    <Link to={href({ key: 'login' })} className={buttonClass('ghost', false, 'sm')} data-testid="header-login">
      <LogIn aria-hidden="true" className="size-4" />
      {t('nav.login')}
    </Link>
  );
};
