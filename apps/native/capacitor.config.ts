import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The native shell (ADR 0029). Compiled as CommonJS by the Capacitor CLI, hence `__dirname`.
 *  One build per partner: `partner.json` is written from the partner's
 * app config by `npm run partner -w apps/native -- --app-id <id> --api <url>` (docs/runbooks/native.md).
 */
type PartnerVariant = {
  readonly appId: string;
  readonly appName: string;
  readonly partnerAppId: string;
  readonly brandColor: string;
  readonly serverUrl: string;
  readonly hostname: string;
};

const partner = JSON.parse(readFileSync(join(__dirname, 'partner.json'), 'utf8')) as PartnerVariant;
const version = (JSON.parse(readFileSync(join(__dirname, 'package.json'), 'utf8')) as { version: string }).version;

const config: CapacitorConfig = {
  appId: partner.appId,
  appName: partner.appName,
  // The built web app (apps/web/dist, copied by scripts/prepare-web.mjs): packaged as the offline start.
  webDir: process.env.CAP_WEB_DIR ?? 'www',
  // The web app detects the shell by this marker (apps/web/src/lib/platform.ts) and opens the /app family.
  appendUserAgent: `BrickwiseNativeShell/${version}`,
  server: {
    // The partner's web app, same origin as its API: session cookie and CSRF token work unchanged.
    url: partner.serverUrl,
    hostname: partner.hostname,
    androidScheme: 'https',
    allowNavigation: [partner.hostname],
  },
  android: { allowMixedContent: false },
  ios: { contentInset: 'never', limitsNavigationsToAppBoundDomains: false },
  plugins: {
    // The web app hides it 500 ms after its first navigation (spec sections 2 and 9, lib/native/splash.ts).
    SplashScreen: { launchAutoHide: false, backgroundColor: partner.brandColor, showSpinner: false },
    StatusBar: { backgroundColor: partner.brandColor, style: 'DARK', overlaysWebView: false },
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
};

export default config;
