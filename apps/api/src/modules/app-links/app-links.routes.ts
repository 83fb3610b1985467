import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appleAppSiteAssociation, assetLinks, partnerOfHost } from './app-links.js';

const tags = ['App links'];

/** The files that let a partner's native app open its links (ADR 0029); per partner by host name. */
export const appLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/.well-known/assetlinks.json',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Android App Links of the partner of this host',
        response: { 200: z.array(z.unknown()) },
      },
    },
    async (request) => assetLinks(await partnerOfHost(app.db, request), app.config.NATIVE_ANDROID_CERT_FINGERPRINTS),
  );

  app.get(
    '/.well-known/apple-app-site-association',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'iOS Universal Links of the partner of this host',
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (request, reply) => {
      // Apple fetches it without an extension and wants JSON.
      reply.type('application/json');
      return appleAppSiteAssociation(await partnerOfHost(app.db, request), app.config.NATIVE_APPLE_TEAM_ID);
    },
  );
};
