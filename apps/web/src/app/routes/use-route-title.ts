import { useMatches } from 'react-router';
import type { RouteHandle } from '../../config/route-handle';
import { useTranslation } from '../../lib/i18n';

/** The route name of the deepest matched route (spec section 2: the title is the route name). */
export const useRouteTitle = (): string => {
  const { t } = useTranslation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  return handle ? t(`routes.${handle.title}`) : '';
};
