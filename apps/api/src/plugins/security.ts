import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config.js';
import { AppError } from '../lib/app-error.js';
import { rateLimitKey } from './rate-limit-key.js';
import { sharedOrLocalStore } from './rate-limit-store.js';

/**
 * Onfido's web SDK (the npm package is a loader): its code comes from Onfido's CDN, it talks to
 * Onfido's API and streams the camera through blob: URLs (Onfido's documented CSP). Only when
 * Onfido is the identity provider (ADR 0038).
 */
const onfidoSources = (config: AppConfig) => {
  const on = config.IDENTITY_PROVIDER === 'onfido';
  const cdn = on ? ['https://sdk.onfido.com', 'https://assets.onfido.com'] : [];
  return {
    script: cdn,
    style: cdn,
    connect: on ? ['https://*.onfido.com', 'wss://*.onfido.com', 'blob:'] : [],
    frame: on ? ['https://*.onfido.com', 'blob:', 'data:'] : [],
    media: on ? ['blob:'] : [],
    worker: on ? ['blob:'] : [],
  };
};

/** The origin of the operator's map tiles (MAP_TILE_URL), which may be plain http (a test tile server). */
const tileOrigin = (config: AppConfig): string[] => {
  if (!config.MAP_TILE_URL) return [];
  try {
    return [new URL(config.MAP_TILE_URL.replace(/\{[a-z]\}/g, '0')).origin];
  } catch {
    return [];
  }
};

const REDIS_CONNECT_TIMEOUT_MS = 1000;

/** Security headers, CORS for the configured web origins (with credentials) and a global rate limit. */
export const registerSecurity = async (app: FastifyInstance, config: AppConfig): Promise<void> => {
  // Helmet's middleware built once: `@fastify/helmet` builds it anew on every request, which cost
  // 1–2 % of the API's CPU under load (issue 27); the headers are the same.
  const onfido = onfidoSources(config);
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...onfido.script],
        styleSrc: ["'self'", "'unsafe-inline'", ...onfido.style],
        // Map tiles and asset photos may come from other hosts.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...tileOrigin(config)],
        connectSrc: ["'self'", 'ws:', 'wss:', ...onfido.connect],
        mediaSrc: ["'self'", ...onfido.media],
        workerSrc: ["'self'", ...onfido.worker],
        frameSrc: ["'self'", ...onfido.frame],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Onfido's SDK authenticates with its token only when the browser sends the Referer (Onfido
    // refuses `no-referrer`, helmet's default, with 401 bad_referrer): the origin only, cross-site.
    ...(config.IDENTITY_PROVIDER === 'onfido'
      ? { referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const } }
      : {}),
    // Plain-http localhost must keep working for the embedded default.
    strictTransportSecurity: config.NODE_ENV === 'production',
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  await app.register(cors, {
    // A promise for every call: @fastify/cors waits for it (a plain `false` would leave the request hanging).
    origin: async (origin: string | undefined) => (origin === undefined ? false : app.trustedOrigins.isTrusted(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  // Behind a load balancer the nodes share the counters in Redis when one is configured; while
  // Redis is away each node counts on its own (logged, counted in metrics; ADR 0046).
  const redis = config.RATE_LIMIT_REDIS_URL
    ? new Redis(config.RATE_LIMIT_REDIS_URL, {
        connectionName: 'brickwise-rate-limit',
        connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
        maxRetriesPerRequest: 1,
      })
    : null;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit redis unavailable'));
    app.addHook('onClose', async () => {
      // A Redis that is away would hold quit() in the offline queue: let go of it at once.
      if (redis.status !== 'ready') redis.disconnect();
      else await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    // The plugin's default key throws for a request whose socket is already gone (issue 41).
    keyGenerator: rateLimitKey,
    ...(redis ? { store: sharedOrLocalStore(redis, app.log) } : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
};
