import { assetIdParams, dataEnvelope, errorBody, shareLink, shortLinkParams } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { SHORT_LINK_PATH } from '../../providers/short-links/short-link-provider.js';
import { createShareLink } from './operations/create-share-link.js';

const tags = ['Assets'];
const notFound = { 400: errorBody, 404: errorBody };

/** Share links of an asset and the sandbox short-link redirect; public, like the marketplace. */
export const shareLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { shortLinks } = app.providers;

  app.post(
    '/api/v1/assets/:id/shareLink',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A short link to share the asset (sandbox short-link service by default)',
        params: assetIdParams,
        response: { 200: dataEnvelope(shareLink), ...notFound, 503: errorBody },
      },
    },
    async (request) => ({ data: await createShareLink(app.db, shortLinks, request, request.params.id, request.log) }),
  );

  app.get(
    `${SHORT_LINK_PATH}/:code`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sandbox short-link redirect',
        params: shortLinkParams,
        response: { 302: z.null().describe('Redirect to the link’s target (`Location` header)'), ...notFound },
      },
    },
    async (request, reply) => {
      const target = shortLinks.resolve ? await shortLinks.resolve(request.params.code) : null;
      if (!target) throw new AppError('SHORT_LINK_NOT_FOUND');
      return reply.redirect(target, 302);
    },
  );
};
