import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REPO_ROOT } from '../config.js';
import { createModulePreloads, type WebManifest, withPreloads } from '../modules/assets/page-preloads.js';
import { routeNotFound } from './errors.js';

/** Paths that belong to the API; anything else is the single-page app's business. */
const API_PREFIXES = ['/api/', '/auth/', '/launchpad/', '/socket.io/', '/static/'];
const SECURITY_APP_PREFIX = '/security-app/';
const SECURITY_APP_DIST_DIR = path.join(REPO_ROOT, 'apps/security-app/dist');
/** The operator's back office (ADR 0019): the web build's second page, for every path below /backoffice. */
const BACKOFFICE_PATH = '/backoffice';
const isApiPath = (url: string): boolean => {
  const pathname = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => pathname.startsWith(prefix) || `${pathname}/` === prefix);
};

/** Images a page shows first, for preload hints in its index.html (modules/assets/page-preloads.ts). */
export type PagePreloads = (url: string) => Promise<string[]>;

/**
 * The API serves the built web app on the same origin, so one process is the whole product.
 * Hashed assets are cached for a year; index.html never, so a deploy is picked up at once.
 * `pagePreloads` adds the page's first photos to index.html as preload hints.
 */
export const registerStaticWeb = async (
  app: FastifyInstance,
  webDistDir: string,
  pagePreloads: PagePreloads = async () => [],
): Promise<void> => {
  await app.register(fastifyStatic, {
    root: path.join(REPO_ROOT, 'apps/api/static'),
    prefix: '/static/',
    decorateReply: false,
    maxAge: '1d',
  });

  // The reference security app (ADR 0007), same origin, under its own path.
  const securityAppIndex = path.join(SECURITY_APP_DIST_DIR, 'index.html');
  const hasSecurityApp = fs.existsSync(securityAppIndex);
  if (hasSecurityApp) {
    await app.register(fastifyStatic, {
      root: SECURITY_APP_DIST_DIR,
      prefix: SECURITY_APP_PREFIX,
      decorateReply: false,
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const indexPath = path.join(webDistDir, 'index.html');
  const backofficeIndex = path.join(webDistDir, 'backoffice.html');
  const hasBackoffice = fs.existsSync(backofficeIndex);
  const hasWeb = fs.existsSync(indexPath);
  const manifestPath = path.join(webDistDir, '.vite/manifest.json');
  const modulePreloads = createModulePreloads(
    fs.existsSync(manifestPath) ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as WebManifest) : null,
  );
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app not built: only the API is served (run npm run build)');
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      (request.headers.accept ?? '').includes('text/html');
    if (hasSecurityApp && wantsPage && request.url.startsWith(SECURITY_APP_PREFIX.slice(0, -1))) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(securityAppIndex));
    }
    const pathname = request.url.split('?')[0] ?? '';
    if (hasBackoffice && wantsPage && (pathname === BACKOFFICE_PATH || pathname.startsWith(`${BACKOFFICE_PATH}/`))) {
      // Staff pages must not be framed, cached or indexed.
      return reply
        .type('text/html')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .send(fs.createReadStream(backofficeIndex));
    }
    if (hasWeb && wantsPage) {
      const [html, images] = await Promise.all([readFile(indexPath, 'utf8'), pagePreloads(request.url)]);
      const modules = modulePreloads(request.url);
      return reply.type('text/html').header('cache-control', 'no-cache').send(withPreloads(html, { images, modules }));
    }
    return routeNotFound(reply);
  });
};
