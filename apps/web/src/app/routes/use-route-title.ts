import { useMatches } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import type { RouteHandle } from '../route-handle';

/** The route name of the deepest matched route (spec section 2: the title is the route name). */
export const useRouteTitle = (): string => {
  const { t } = useTranslation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  return handle ? t(`routes.${handle.title}`) : '';
};
