import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_MAP_SETTINGS, type MapSettings, mapSettings } from '@bw/contracts';
import { z } from 'zod';
import { providerSettingProblems, providerSettings } from './providers/settings.js';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(apiRoot, '../..');

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const commaList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url()));

const DEV_PSP_WEBHOOK_SECRET = 'dev-psp-webhook-secret-not-for-production';
const DEV_STAFF_SECRET_KEY = 'dev-staff-secret-key-not-for-production-use';
/** The ASCII bytes "dev-register-key-not-for-product" as base64url: a seed everyone knows. */
const DEV_REGISTER_SIGNING_KEY = 'ZGV2LXJlZ2lzdGVyLWtleS1ub3QtZm9yLXByb2R1Y3Q';

/** Every setting of the server, read from the environment in one place (architecture: configuration). */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
    /**
     * Further web origins the API trusts besides PUBLIC_URL and the partners' web app URLs (a web
     * app served from another host). Outside production the server's own loopback address is
     * trusted without it (plugins/trusted-origins.ts).
     */
    WEB_ORIGINS: commaList.default([]),
    WEB_DIST_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * The console log: `pretty` (readable lines, pino-pretty) or `json` (one object a line). Default:
     * pretty with NODE_ENV=development, else json (plugins/console-log.ts).
     */
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
    /**
     * The global request limit's counters in Redis (`redis://host:6379`), shared by every API node
     * behind the load balancer. Unset: each node counts its own requests. The attempt counters of
     * login, reset and registration are always in PostgreSQL, shared by every node (ADR 0020).
     */
    RATE_LIMIT_REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    /**
     * Multiplies the per-address limits of the auth throttles (registrations, resets, login failures
     * from one IP). Browser tests register every user from 127.0.0.1; production keeps 1.
     */
    ADDRESS_THROTTLE_FACTOR: z.coerce.number().int().min(1).max(10_000).default(1),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    /**
     * Demo mode (ADR 0022): the demo seed, sandbox providers and demo keys are allowed. Default: on
     * outside production, off with NODE_ENV=production. Read it through seed/demo-mode.ts.
     */
    DEMO_MODE: booleanFlag.optional(),
    /** Which seed a start runs; default `demo` in demo mode, else `none` (seed/demo-mode.ts). */
    SEED: z.enum(['demo', 'none']).optional(),
    WORKER: booleanFlag.default(true),
    OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(500),
    /** HMAC secret of the payment provider's webhooks (ADR 0005); the default serves development only. */
    PSP_WEBHOOK_SECRET: z.string().min(16).default(DEV_PSP_WEBHOOK_SECRET),
    /** Where the sandbox provider posts its webhooks; default: this server's own listening address. */
    PSP_WEBHOOK_URL: z.url().optional(),
    /** Sandbox provider: pending → settled delay of an incoming transfer, and payout result delay. */
    PSP_SANDBOX_SETTLE_DELAY_MS: z.coerce.number().int().min(0).default(3000),
    PSP_SANDBOX_PAYOUT_DELAY_MS: z.coerce.number().int().min(0).default(2000),
    /** Identification providers (ADR 0009): webhook secret, where the sandbox posts, its decision delay. */
    IDV_WEBHOOK_SECRET: z.string().min(16).default('dev-idv-webhook-secret-not-for-production'),
    IDV_WEBHOOK_URL: z.url().optional(),
    IDV_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).default(4000),
    /**
     * Back office (ADR 0019): key that encrypts the staff members' TOTP secrets at rest (AES-256-GCM);
     * the default serves development only.
     */
    STAFF_SECRET_KEY: z.string().min(32).default(DEV_STAFF_SECRET_KEY),
    /**
     * The share register's platform key (issue 39, ADR 0044): the 32-byte Ed25519 seed, base64url,
     * that signs each asset's daily root. The default serves development only.
     */
    REGISTER_SIGNING_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, '32 bytes as base64url')
      .default(DEV_REGISTER_SIGNING_KEY),
    /**
     * The marketplace map's tiles for every partner, instead of each partner's own (issue 27): an
     * OpenStreetMap-compatible `{z}/{x}/{y}` URL template, its attribution and deepest zoom. Also
     * allowed as an image source by the content security policy.
     */
    MAP_TILE_URL: mapSettings.shape.tileUrl.optional(),
    MAP_TILE_ATTRIBUTION: z.string().min(1).max(300).default(DEFAULT_MAP_SETTINGS.attribution),
    MAP_MAX_ZOOM: z.coerce.number().int().min(1).max(22).default(DEFAULT_MAP_SETTINGS.maxZoom),
    /**
     * Web Push (issue 23, ADR 0031): the VAPID key pair and contact. With PUSH_PROVIDER=webpush
     * (both keys required) pushes go to the browsers' push services through web-push; with the
     * sandbox each push is recorded in the development mailbox (channel `push`).
     */
    VAPID_PUBLIC_KEY: z.string().min(40).max(200).optional(),
    VAPID_PRIVATE_KEY: z.string().min(20).max(100).optional(),
    VAPID_SUBJECT: z.string().min(5).default('mailto:support@brickwise.example'),
    /**
     * Which proxies to trust for the client address and protocol (X-Forwarded-For/-Proto) behind
     * a load balancer: `true` (all), a hop count (`1`), or addresses/CIDRs (`10.0.0.0/8,127.0.0.1`).
     * Unset: none, the socket's address is the client's.
     */
    TRUST_PROXY: z
      .string()
      .regex(
        /^(true|false|\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
        'must be true, false, a hop count or addresses',
      )
      .transform((value): boolean | string[] | ((address: string, hop: number) => boolean) => {
        if (value === 'true' || value === 'false') return value === 'true';
        // A hop count: trust that many proxies in front of the server.
        if (/^\d+$/.test(value)) return (_address, hop) => hop < Number(value);
        return value.split(/\s*,\s*/);
      })
      .optional(),
    /**
     * App links of the native shell (ADR 0029): the SHA-256 fingerprints of the Android signing
     * certificates (`AA:BB:…`, comma separated) and the Apple team id, served in
     * /.well-known/assetlinks.json and /.well-known/apple-app-site-association per partner.
     */
    NATIVE_ANDROID_CERT_FINGERPRINTS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim().toUpperCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/, 'SHA-256 fingerprint AA:BB:…')))
      .default([]),
    NATIVE_APPLE_TEAM_ID: z
      .string()
      .regex(/^[A-Z0-9]{10}$/)
      .optional(),
    /** Prometheus metrics at /metrics for `Authorization: Bearer <token>` (plugins/metrics.ts). */
    METRICS_TOKEN: z.string().min(24).optional(),
    /** Prometheus metrics without a token on this separate, internal port (0: any free port). */
    METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
    /** Which adapter stands behind each external service, sandbox by default (providers/settings.ts). */
    ...providerSettings,
    FRONTEND_VERSION: z
      .string()
      .regex(/^\d+\.\d+\.\d+$/, 'must look like 1.7.5')
      .default('1.7.5'),
  })
  .superRefine((config, context) => {
    // Links in e-mails and the socket URL must point at the real host in production.
    if (config.NODE_ENV === 'production' && config.PSP_WEBHOOK_SECRET === DEV_PSP_WEBHOOK_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['PSP_WEBHOOK_SECRET'],
        message: 'must be set when NODE_ENV=production',
      });
    }
    if (config.NODE_ENV === 'production' && config.IDV_WEBHOOK_SECRET.startsWith('dev-idv-')) {
      context.addIssue({
        code: 'custom',
        path: ['IDV_WEBHOOK_SECRET'],
        message: 'must be set when NODE_ENV=production',
      });
    }
    if (config.NODE_ENV === 'production' && config.STAFF_SECRET_KEY === DEV_STAFF_SECRET_KEY) {
      context.addIssue({ code: 'custom', path: ['STAFF_SECRET_KEY'], message: 'must be set when NODE_ENV=production' });
    }
    if (config.NODE_ENV === 'production' && config.REGISTER_SIGNING_KEY === DEV_REGISTER_SIGNING_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['REGISTER_SIGNING_KEY'],
        message: 'must be set when NODE_ENV=production',
      });
    }
    if (config.NODE_ENV === 'production' && config.ADDRESS_THROTTLE_FACTOR !== 1) {
      context.addIssue({
        code: 'custom',
        path: ['ADDRESS_THROTTLE_FACTOR'],
        message: 'must be 1 when NODE_ENV=production',
      });
    }
    for (const [setting, message] of providerSettingProblems(config)) {
      context.addIssue({ code: 'custom', path: [setting], message });
    }
    if (config.NODE_ENV === 'production' && config.LOG_FORMAT === 'pretty') {
      context.addIssue({
        code: 'custom',
        path: ['LOG_FORMAT'],
        message: 'must be json when NODE_ENV=production (pino-pretty is a development dependency)',
      });
    }
    if (config.NODE_ENV === 'production' && !config.PUBLIC_URL) {
      context.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required when NODE_ENV=production' });
    }
  });

export type AppConfig = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; a bad or missing variable throws a message naming it. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): AppConfig => {
  const relevant = Object.fromEntries(
    Object.keys(configSchema.shape)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const parsed = configSchema.safeParse(relevant);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  return parsed.data;
};

/** The address each app's server actually listens on (its port may be 0 in the settings), by its config. */
const listeningUrls = new WeakMap<AppConfig, string>();

/** Called once the server listens (app.ts, `onListen`): `0.0.0.0` and `::` answer as `localhost`. */
export const rememberListeningAddress = (
  config: AppConfig,
  address: { address: string; port: number; family: string } | string | null,
): void => {
  if (!address || typeof address === 'string') return;
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? 'localhost'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  listeningUrls.set(config, `http://${host}:${address.port}`);
};

/**
 * The server's public address: `PUBLIC_URL`, else the address it actually listens on (issue 35: not
 * the configured port, which may be 0 or changed), else, before it listens, `localhost` and the port.
 */
export const publicUrl = (config: AppConfig): string =>
  config.PUBLIC_URL ?? listeningUrls.get(config) ?? `http://localhost:${config.PORT}`;

/** The operator's map tiles for all partners, when MAP_TILE_URL is set. */
export const mapOverride = (config: AppConfig): MapSettings | null =>
  config.MAP_TILE_URL
    ? { tileUrl: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION, maxZoom: config.MAP_MAX_ZOOM }
    : null;
