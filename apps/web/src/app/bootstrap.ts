import { redirect } from 'react-router';
import { BUILD_APP_ID, resolveConfigAppId } from '../config/env';
import { afterStart, yieldToMain } from '../lib/after-start';
import { apiClient } from '../lib/api-client';
import { installedVersion } from '../lib/native/device';
import { gateNavigation } from '../lib/navigation-gate';
import { currentPlatform } from '../lib/platform';
import { type PersistedShell, runStartup, type StartupOutcome } from '../lib/startup';
import { shellStore } from '../stores/shell-store';
import { applyPartnerLook } from './hooks/use-document-meta';
import { createStartupApi } from './startup-deps';

const RELOAD_GUARD_KEY = 'bw:reloaded-for-version';

let startup: Promise<StartupOutcome> | null = null;
/** Where the first navigation after a (re)start goes; consumed once. */
let pendingRedirect: string | null = null;

const readSessionValue = (key: string): string | null => {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
};

/** Read the persisted state once per page load; later restarts keep the in-memory state (writes are async). */
let hydration: Promise<void> | null = null;

const start = async (url: URL): Promise<StartupOutcome> => {
  // Its own task, apart from building the router that asked for it (issue 6: short tasks only).
  await yieldToMain();
  hydration ??= Promise.resolve(shellStore.persist.rehydrate());
  await hydration;
  const outcome = await runStartup(
    {
      isOnline: navigator.onLine,
      userAgent: navigator.userAgent,
      viewportWidthPx: window.innerWidth,
      pathname: url.pathname,
      search: url.search,
      origin: window.location.origin,
      configAppId: resolveConfigAppId(BUILD_APP_ID),
      // Spec section 4 step 4: the store build's version inside the shell, this bundle's on the web.
      clientVersion: await installedVersion(),
      reloadedForVersion: readSessionValue(RELOAD_GUARD_KEY),
    },
    {
      api: createStartupApi(apiClient),
      storage: {
        read: (): PersistedShell => shellStore.getState(),
        update: (patch) => shellStore.getState().patch(patch),
      },
      // A refreshed asset list is already stored (cachedAssets) and in the marketplace's query.
      onRefresh: ({ assets: _assets, ...shellRefresh }) => shellStore.getState().patch(shellRefresh),
      // Cached values are refreshed once the first screen is shown (lib/after-start.ts).
      refreshWhen: afterStart,
    },
  );
  switch (outcome.kind) {
    case 'offline':
      shellStore.getState().patch({ online: false });
      pendingRedirect = outcome.redirectTo;
      break;
    case 'reload':
      break;
    case 'ready':
      // The partner's look before the first screen renders: that screen is then styled only once.
      applyPartnerLook(outcome.config);
      shellStore.getState().patch({
        ready: true,
        online: true,
        platform: outcome.platform,
        config: outcome.config,
        flags: outcome.flags,
        fees: outcome.fees,
        user: outcome.user,
      });
      pendingRedirect = outcome.redirectTo;
      break;
  }
  return outcome;
};

/** Runs the startup once; an offline start runs again when asked after reconnecting. */
export const ensureStartup = (url: URL): Promise<StartupOutcome> => {
  startup ??= start(url);
  return startup;
};

/** Start over (after choosing a partner, or after coming back online from an offline start). */
export const restartStartup = (): void => {
  startup = null;
  pendingRedirect = null;
  shellStore.getState().patch({ ready: false });
};

export const startupWasOffline = (): boolean => !shellStore.getState().ready;

/**
 * Root loader, re-run before every navigation (`shouldRevalidate` on the root route): waits for
 * the startup, applies its first redirect, then the navigation gate.
 */
export const rootLoader = async ({ request }: { request: Request }): Promise<null> => {
  const url = new URL(request.url);
  const outcome = await ensureStartup(url);
  if (outcome.kind === 'reload') {
    window.sessionStorage.setItem(RELOAD_GUARD_KEY, outcome.serverVersion);
    window.location.reload();
    return new Promise<null>(() => {});
  }
  if (pendingRedirect !== null) {
    const target = pendingRedirect;
    pendingRedirect = null;
    if (target !== `${url.pathname}${url.search}`) throw redirect(target);
  }
  const state = shellStore.getState();
  const decision = gateNavigation(url.pathname, url.search, {
    online: navigator.onLine,
    platform: currentPlatform(),
    loggedIn: state.user !== null,
  });
  if (decision.kind === 'redirect') {
    if (decision.saveTarget) state.saveTarget(decision.saveTarget);
    throw redirect(decision.to);
  }
  if (state.platform !== currentPlatform()) state.patch({ platform: currentPlatform() });
  return null;
};
