import { appConfig, appIdParams, dataEnvelope, errorBody, webAppUrlQuery } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mapOverride } from '../../config.js';
import { getAppConfig, getAppConfigByWebAppUrl, listAppConfigs } from './operations/get-app-config.js';

const tags = ['App config'];

/** Spec section 7, App and user: the partner app configurations. */
export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  const map = mapOverride(app.config);
  app.get(
    '/api/v1/appConfig/webAppUrl',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'App config of the partner whose web app runs at this URL',
        querystring: webAppUrlQuery,
        response: { 200: dataEnvelope(appConfig), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => ({ data: await getAppConfigByWebAppUrl(app.db, request.query.webAppURL, map) }),
  );

  app.get(
    '/api/v1/appConfig/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'All partner app configs (partner selection)',
        response: { 200: dataEnvelope(z.array(appConfig)) },
      },
    },
    async () => ({ data: await listAppConfigs(app.db, map) }),
  );

  app.get(
    '/api/v1/appConfig/:appId',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'App config of one partner app',
        params: appIdParams,
        response: { 200: dataEnvelope(appConfig), 404: errorBody },
      },
    },
    async (request) => ({ data: await getAppConfig(app.db, request.params.appId, map) }),
  );
};
