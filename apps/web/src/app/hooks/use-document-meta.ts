import type { AppConfig } from '@bw/contracts';
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import type { RouteHandle } from '../../config/route-handle';
import { useTranslation } from '../../lib/i18n';
import { safeIconUrl, themeVariables } from '../../lib/theme';
import { useShellStore } from '../../stores/shell-store';

const setMeta = (selector: string, create: () => HTMLElement, attribute: string, value: string) => {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.append(element);
  }
  if (element.getAttribute(attribute) !== value) element.setAttribute(attribute, value);
};

/**
 * The partner's colours as CSS custom properties, its brand colour as theme-color and its icon as
 * favicon. Only changed properties are written: each write restyles the whole document. The startup
 * applies the cached look before the first screen renders (bootstrap.ts), so the first screen is
 * styled once, and the refreshed config usually changes nothing.
 */
export const applyPartnerLook = (config: AppConfig | null): void => {
  const variables = themeVariables(config?.colors);
  const style = document.documentElement.style;
  for (const [name, value] of Object.entries(variables)) {
    if (style.getPropertyValue(name) !== value) style.setProperty(name, value);
  }
  setMeta(
    'meta[name="theme-color"]',
    () => Object.assign(document.createElement('meta'), { name: 'theme-color' }),
    'content',
    variables['--bw-brand'] ?? '',
  );
  const icon = safeIconUrl(config?.appIcon, window.location.href);
  if (icon) {
    setMeta('link[rel="icon"]', () => Object.assign(document.createElement('link'), { rel: 'icon' }), 'href', icon);
  }
};

/**
 * White-label document: the partner's colours as CSS custom properties (validated in lib/theme.ts),
 * its icon as favicon, its brand colour as theme-color, and the title "<route name> · <app name>".
 */
export const useDocumentMeta = () => {
  const { t } = useTranslation();
  const config = useShellStore((state) => state.config);
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;

  useEffect(() => applyPartnerLook(config), [config]);

  const routeName = handle ? t(`routes.${handle.title}`) : '';
  const appName = config?.name ?? '';
  useEffect(() => {
    document.title = [routeName, appName].filter(Boolean).join(' · ');
  }, [routeName, appName]);
};
