import { type Family, generalHref, type ScreenRef, screenHref } from '../config/paths';
import { resolveDeepLink } from './deep-links';
import { parseLocation } from './screen-match';
import { isGuestScreen } from './startup';

export type GateContext = { readonly online: boolean; readonly platform: Family; readonly loggedIn: boolean };

export type GateDecision =
  | { readonly kind: 'allow' }
  | { readonly kind: 'redirect'; readonly to: string; readonly saveTarget?: ScreenRef };

const allow: GateDecision = { kind: 'allow' };

/**
 * Runs before every navigation once the app is ready (spec section 2: "routing waits until the app
 * is ready"). Offline blocks routing (section 4); a family that does not fit the device goes to the
 * same screen in the right family; deep links resolve (section 2); guests asking for an account
 * screen go to login and the target is kept.
 */
export const gateNavigation = (pathname: string, search: string, context: GateContext): GateDecision => {
  const location = parseLocation(pathname, search);
  const networkError = generalHref('networkError');
  if (!context.online) return pathname === networkError ? allow : { kind: 'redirect', to: networkError };
  const to = (ref: ScreenRef): GateDecision => ({ kind: 'redirect', to: screenHref(context.platform, ref) });
  switch (location.kind) {
    case 'root':
      return to({ key: 'marketplace' });
    case 'general':
      return allow;
    case 'deepLink':
      return to(resolveDeepLink(location.path));
    case 'screen': {
      const { screen, family } = location;
      if (screen === null)
        return family === 'desktopWeb' && context.platform === 'desktopWeb' ? allow : to({ key: 'marketplace' });
      if (family !== context.platform) return to(screen);
      if (!context.loggedIn && !isGuestScreen(screen.key)) {
        return { kind: 'redirect', to: screenHref(context.platform, { key: 'login' }), saveTarget: screen };
      }
      return allow;
    }
  }
};
