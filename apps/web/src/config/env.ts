/** Build-time values. `__APP_VERSION__` is the root package.json version (vite.config.ts). */
declare const __APP_VERSION__: string;

/** Spec section 9: app version 1.7.5; compared against GET /api/v1/utils/frontendVersion. */
export const CLIENT_VERSION: string = __APP_VERSION__;

/**
 * Spec section 9: "Local state is persisted encrypted and namespaced by the app id, or a staging
 * id by default." A build for one partner sets VITE_APP_ID; without it the build is the staging one.
 */
export const STAGING_APP_ID = 'staging';

/** The staging id is an alias: its app config is the default partner's one. */
export const DEFAULT_APP_ID = 'demo';

const envAppId = (import.meta.env.VITE_APP_ID as string | undefined)?.trim();
export const BUILD_APP_ID: string = envAppId ? envAppId : STAGING_APP_ID;

/** The app id the server knows: the staging alias resolves to the default partner. */
export const resolveConfigAppId = (appId: string): string => (appId === STAGING_APP_ID ? DEFAULT_APP_ID : appId);

/** User agent marker of the native shell (e2e/playwright.config.ts, project `app`). */
export const NATIVE_SHELL_MARKER = 'BrickwiseNativeShell';
