import type { createBrowserRouter } from 'react-router';
import { screenHref } from '../config/paths';
import { resolveDeepLink } from '../lib/deep-links';
import { NATIVE_EXIT_EVENT, NATIVE_HIDE_SPLASH_EVENT } from '../lib/native/events';
import { isNativeShell } from '../lib/native/shell';
import { parseLocation } from '../lib/screen-match';
import { shellStore } from '../stores/shell-store';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * Where a link the system opened the app with goes: a route-family address as it is, anything
 * else through the spec's deep-link table (https links by their path, `at.partner.app://asset/7`
 * by host and path).
 */
export const linkTarget = (url: string): string => {
  let path = url;
  let search = '';
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'https:' || parsed.protocol === 'http:') {
      path = parsed.pathname;
      search = parsed.search;
    }
  } catch {
    // Not a URL: a bare path, resolved below.
  }
  if (parseLocation(path, search).kind === 'screen') return `${path}${search}`;
  return screenHref('app', resolveDeepLink(url));
};

/**
 * Connects the native shell (ADR 0029) when the page runs inside it; a no-op on the web. The
 * window listeners are added at once (the splash may be due before the plugins have loaded); the
 * plugins come as a lazy chunk.
 */
export const connectNativeShell = (router: Router): void => {
  if (!isNativeShell()) return;
  const shell = import('../lib/native/start-shell');
  window.addEventListener(NATIVE_HIDE_SPLASH_EVENT, () => void shell.then((module) => module.hideSplash()));
  window.addEventListener(NATIVE_EXIT_EVENT, () => void shell.then((module) => module.exitApp()));
  void shell.then(async (module) => {
    await module.startShell({ openLink: (url) => void router.navigate(linkTarget(url)) });
    let colour: string | null = null;
    const follow = () => {
      const brand = shellStore.getState().config?.colors.brand ?? null;
      if (brand === null || brand === colour) return;
      colour = brand;
      void module.colourStatusBar(brand);
    };
    follow();
    shellStore.subscribe(follow);
  });
};
