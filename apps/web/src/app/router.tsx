import { createBrowserRouter } from 'react-router';
import { familyOf } from '../lib/startup';
import { createRoutes, patchFamilyRoutes } from './routes';

/** The router, with the screens of the opened address's family (the others are added on first use). */
export const createRouter = () => {
  const openedFamily = familyOf(window.location.pathname);
  return createBrowserRouter(createRoutes(openedFamily), { patchRoutesOnNavigation: patchFamilyRoutes(openedFamily) });
};
