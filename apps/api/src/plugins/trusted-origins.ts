import { type Db, partners } from '@bw/db';
import type { AppConfig } from '../config.js';

/** The host names of this machine's loopback interface, as `URL.hostname` spells them. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);
/** How long the partners' web addresses are trusted as read, before they are read again. */
export const PARTNER_ORIGINS_TTL_MS = 30_000;
/**
 * An origin not (yet) trusted makes the partners' addresses be read again, at most this often: a
 * partner the back office just added works at once, and foreign origins cost at most one query a second.
 */
export const PARTNER_ORIGINS_MISS_RELOAD_MS = 1_000;

/**
 * The web origins the API trusts, for CORS, the CSRF origin check, the realtime socket and the
 * passkeys' relying party (issue 34):
 * - everywhere: `PUBLIC_URL`, the partners' web app URLs, and the origins `WEB_ORIGINS` names;
 * - outside production also the address the server is reached at on this machine: any loopback
 *   host (localhost, 127.0.0.1, [::1]) with the port the server actually listens on.
 */
export type TrustedOrigins = {
  readonly isTrusted: (origin: string) => Promise<boolean>;
};

export type TrustedOriginsOptions = {
  readonly config: AppConfig;
  /** The port the server listens on; null before it listens (then the configured PORT counts). */
  readonly listeningPort: () => number | null;
  /** The origins of the partners' web app URLs, as stored. */
  readonly partnerOrigins: () => Promise<readonly string[]>;
  readonly now?: () => number;
};

export const originOf = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
};

/** The origins named in the settings: PUBLIC_URL and WEB_ORIGINS (no default: production names its own). */
export const configuredOrigins = (config: AppConfig): ReadonlySet<string> =>
  new Set(
    [...config.WEB_ORIGINS, ...(config.PUBLIC_URL ? [config.PUBLIC_URL] : [])]
      .map(originOf)
      .filter((origin): origin is string => origin !== null),
  );

const portOf = (url: URL): number => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** Outside production: a loopback host with the server's own port. */
export const isLoopbackOrigin = (origin: string, port: number): boolean => {
  try {
    const url = new URL(origin);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.origin === origin &&
      LOOPBACK_HOSTS.has(url.hostname) &&
      portOf(url) === port
    );
  } catch {
    return false;
  }
};

export const createTrustedOrigins = (options: TrustedOriginsOptions): TrustedOrigins => {
  const { config, listeningPort } = options;
  const now = options.now ?? Date.now;
  const configured = configuredOrigins(config);
  const development = config.NODE_ENV !== 'production';
  let partnerSet: ReadonlySet<string> = new Set();
  let loadedAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<ReadonlySet<string>> | null = null;

  const loadPartners = (): Promise<ReadonlySet<string>> => {
    loading ??= options
      .partnerOrigins()
      .then((origins) => {
        partnerSet = new Set(origins.map(originOf).filter((origin): origin is string => origin !== null));
        loadedAt = now();
        return partnerSet;
      })
      // A failed read keeps the addresses read before; the next request tries again.
      .catch(() => partnerSet)
      .finally(() => {
        loading = null;
      });
    return loading;
  };

  return {
    isTrusted: async (origin) => {
      if (configured.has(origin)) return true;
      if (development && isLoopbackOrigin(origin, listeningPort() ?? config.PORT)) return true;
      const age = now() - loadedAt;
      if (age < PARTNER_ORIGINS_TTL_MS && partnerSet.has(origin)) return true;
      if (age < PARTNER_ORIGINS_MISS_RELOAD_MS) return false;
      return (await loadPartners()).has(origin);
    },
  };
};

/** The partners' web app URLs as stored (the back office changes them). */
export const readPartnerOrigins = async (db: Db): Promise<string[]> =>
  (await db.select({ webAppUrl: partners.webAppUrl }).from(partners)).map((row) => row.webAppUrl);
