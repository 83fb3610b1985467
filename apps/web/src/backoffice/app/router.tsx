import { staffCan } from '@bw/contracts';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/session/login-page';
import { boPaths } from '../lib/paths';
import { useSession } from '../lib/use-session';
import { navigation } from './navigation';
import { StaffGate } from './staff-gate';

const lazyScreen = (screen: () => Promise<{ readonly default: React.ComponentType }>) => async () => ({
  Component: (await screen()).default,
});

/** The first screen the role may open. */
const Landing = () => {
  const session = useSession();
  const first = navigation.find((entry) => staffCan(session.staff.role, entry.requires));
  return first ? (
    <Navigate to={first.path} replace />
  ) : (
    <p className="text-muted">Für deine Rolle gibt es hier nichts.</p>
  );
};

/** Routes from the navigation registry; the shell and the login load with the entry. */
export const backofficeRoutes = (): RouteObject[] => [
  { path: boPaths.login, element: <LoginPage /> },
  // The invitation page brings the QR library; it loads only there.
  {
    path: `${boPaths.dashboard}/einladung/:token`,
    lazy: async () => ({ Component: (await import('../features/session/invitation-page')).InvitationPage }),
  },
  {
    path: boPaths.dashboard,
    element: <StaffGate />,
    children: [
      ...(navigation.some((entry) => entry.path === boPaths.dashboard) ? [] : [{ index: true, element: <Landing /> }]),
      ...navigation.flatMap((entry) => [
        { path: entry.path, lazy: lazyScreen(entry.screen) },
        ...(entry.routes ?? []).map((route) => ({ path: route.path, lazy: lazyScreen(route.screen) })),
      ]),
      { path: '*', element: <p className="text-muted">Diese Seite gibt es im Back Office nicht.</p> },
    ],
  },
];

export const createBackofficeRouter = () => createBrowserRouter(backofficeRoutes());
