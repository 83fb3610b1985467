import { type AppConfig, publicUrl } from '../../config.js';

const LOOPBACK = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/i;

/**
 * The web address links of a partner point at (issues 20 and 35): its configured public URL; a
 * partner configured with a loopback address (the development seed's `http://localhost:3000`) has
 * no public address of its own, so the server's own one stands in: `PUBLIC_URL`, else the address
 * it actually listens on (`publicUrl`), whatever port or host it runs on.
 */
export const partnerPublicUrl = (webAppUrl: string, serverUrl: string): string =>
  (LOOPBACK.test(webAppUrl) ? serverUrl : webAppUrl).replace(/\/+$/, '');

/** The same for a partner's row, with this server's settings. */
export const partnerLinkBase = (config: AppConfig, partner: { webAppUrl: string }): string =>
  partnerPublicUrl(partner.webAppUrl, publicUrl(config));
