/** The fields of a partner's app config (packages/contracts app-config.ts) that a native build needs. */
const ID = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/i;
const COLOUR = /^#[0-9a-f]{6}$/i;

const required = (config, name) => {
  const value = config?.[name];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`The app config has no ${name}.`);
  return value.trim();
};

/**
 * One white-label variant: the store identifiers become the app id (Android applicationId and iOS
 * bundle id must match the partner's store entries and the served assetlinks.json / AASA), the
 * partner name the app name, the brand colour the status bar and splash colour, and the web app's
 * public URL (https) the address the shell loads its `/app` family from.
 */
export const partnerVariant = (config, { webAppUrl } = {}) => {
  const androidId = required(config, 'androidPackageName');
  const iosId = required(config, 'iosBundleId');
  if (!ID.test(androidId) || !ID.test(iosId)) throw new Error('Store identifiers must look like at.partner.app.');
  const brand = config?.colors?.brand;
  if (typeof brand !== 'string' || !COLOUR.test(brand)) throw new Error('The app config has no #rrggbb brand colour.');
  const base = (webAppUrl ?? required(config, 'webAppURL')).replace(/\/+$/, '');
  const url = new URL(base);
  if (url.protocol !== 'https:') throw new Error(`The web app URL must be https for a store build: ${base}`);
  return {
    appId: androidId,
    iosBundleId: iosId,
    appName: required(config, 'name'),
    partnerAppId: required(config, 'appId'),
    brandColor: brand.toLowerCase(),
    serverUrl: `${url.origin}/app`,
    hostname: url.hostname,
    appStoreId: typeof config.appStoreId === 'string' ? config.appStoreId : '',
  };
};
