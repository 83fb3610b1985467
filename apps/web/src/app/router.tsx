import { createBrowserRouter } from 'react-router';
import { familyOf } from '../lib/startup';
import { createRoutes, patchFamilyRoutes } from './routes';

/** The router, with the opened address's screen and the marketplace (the other screens are added on first use). */
export const createRouter = () => {
  const { pathname } = window.location;
  return createBrowserRouter(createRoutes(familyOf(pathname), pathname), {
    patchRoutesOnNavigation: patchFamilyRoutes(),
  });
};
