import type { StaffSession } from '@bw/contracts';
import { STAFF_ROLE_LABELS, staffCan } from '@bw/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LogOut, ShieldCheck } from 'lucide-react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { Spinner } from '../components/ui';
import { logOut } from '../features/session/api';
import { boPaths } from '../lib/paths';
import { type NavEntry, navigation } from './navigation';

const GROUPS: NavEntry['group'][] = ['Überblick', 'Produkt', 'Kundschaft', 'Geld', 'Verwaltung'];

/** The desktop frame: navigation on the left (only what the role may open), the staff member top right. */
export const Shell = ({ session }: { readonly session: StaffSession }) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useMutation({
    mutationFn: logOut,
    onSettled: () => {
      queryClient.clear();
      navigate(boPaths.login, { replace: true });
    },
  });
  const visible = navigation.filter((entry) => staffCan(session.staff.role, entry.requires));
  return (
    // A desktop application; on a phone the menu becomes a scrolling strip above the page.
    <div className="grid min-h-screen grid-cols-1 md:grid-cols-[15rem_1fr]">
      <aside className="flex flex-col bg-ink text-white/80 md:sticky md:top-0 md:h-screen">
        <div className="flex items-center gap-2 px-5 py-4 text-white">
          <ShieldCheck className="size-5" aria-hidden />
          <span className="font-semibold">Back Office</span>
        </div>
        <nav
          aria-label="Back Office"
          className="flex flex-1 gap-2 overflow-x-auto whitespace-nowrap px-3 pb-3 md:block md:overflow-y-auto md:pb-4"
        >
          {GROUPS.map((group) => {
            const entries = visible.filter((entry) => entry.group === group);
            if (entries.length === 0) return null;
            return (
              <div key={group} className="flex md:mt-3 md:block">
                <p className="hidden px-2 pb-1 text-[11px] font-semibold uppercase tracking-wider text-white/45 md:block">
                  {group}
                </p>
                {entries.map((entry) => (
                  <NavLink
                    key={entry.path}
                    to={entry.path}
                    end={entry.path === boPaths.dashboard}
                    className={({ isActive }) =>
                      `flex items-center gap-2.5 rounded-md px-2 py-1.5 ${isActive ? 'bg-white/12 text-white' : 'hover:bg-white/6 hover:text-white'}`
                    }
                  >
                    <entry.icon className="size-4" aria-hidden />
                    {entry.label}
                  </NavLink>
                ))}
              </div>
            );
          })}
        </nav>
      </aside>
      <div className="min-w-0">
        <header className="sticky top-0 z-10 flex h-14 items-center justify-end gap-4 border-b border-line bg-white/95 px-6 backdrop-blur">
          <div className="text-right leading-tight" data-testid="staff-menu">
            <p className="font-medium text-ink">{session.staff.displayName}</p>
            <p className="text-xs text-muted">{STAFF_ROLE_LABELS[session.staff.role]}</p>
          </div>
          <button
            type="button"
            onClick={() => logout.mutate()}
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-muted hover:bg-canvas hover:text-ink"
          >
            <LogOut className="size-4" aria-hidden />
            Abmelden
          </button>
        </header>
        <main className="mx-auto max-w-[1400px] px-6 py-6">
          <Outlet context={session} />
        </main>
        {logout.isPending ? <Spinner label="Abmelden …" /> : null}
      </div>
    </div>
  );
};
