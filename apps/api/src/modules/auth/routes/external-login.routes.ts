import { dataEnvelope, errorBody, ichAppLoginBody, ichAppUrl, ichAppUrlQuery, sessionInfo } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { externalLogin, externalLoginUrl } from '../operations/external-login.js';
import { errors, tags } from './route-support.js';

/** The external login (ichApp) through `app.providers.externalLogin`. */
export const externalLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/ichApp/url',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Start the external login (ichApp): authorize URL with PKCE and state',
        querystring: ichAppUrlQuery,
        response: { 200: dataEnvelope(ichAppUrl), 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => ({ data: await externalLoginUrl(app, request, reply, request.query) }),
  );

  app.post(
    '/auth/ichApp/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Finish the external login with the authorization code',
        body: ichAppLoginBody,
        response: { 200: dataEnvelope(sessionInfo), ...errors },
      },
    },
    async (request, reply) => ({ data: await externalLogin(app, request, reply, request.body) }),
  );
};
