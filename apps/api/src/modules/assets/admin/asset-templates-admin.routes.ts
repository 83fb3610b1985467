import {
  adminAssetView,
  assetTemplateBody,
  assetTemplateView,
  dataEnvelope,
  errorBody,
  uuidParams,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffActor } from '../../../platform/staff-session.js';
import { createAssetTemplate, listAssetTemplates, updateAssetTemplate } from './asset-templates.js';

const tags = ['Back office: assets'];
const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  415: errorBody,
};
const _view = { 200: dataEnvelope(adminAssetView), ...errors };
const _P = '/admin/api/v1/assets';

/** Assets, templates, files and the lifecycle with four eyes (issue 21). Guards: the permission table. */
/** Asset templates (spec section 3: template kinds). Guards: the permission table. */
export const assetTemplatesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const templates = '/admin/api/v1/asset-templates';
  app.get(
    templates,
    {
      schema: {
        tags,
        summary: 'Asset templates',
        response: { 200: dataEnvelope(z.array(assetTemplateView)), ...errors },
      },
    },
    async () => ({
      data: await listAssetTemplates(app.db),
    }),
  );
  app.post(
    templates,
    {
      schema: {
        tags,
        summary: 'Create a template',
        body: assetTemplateBody,
        response: { 200: dataEnvelope(assetTemplateView), ...errors },
      },
    },
    async (request) => ({
      data: await createAssetTemplate(app.db, staffActor(request), request.body),
    }),
  );
  app.put(
    `${templates}/:id`,
    {
      schema: {
        tags,
        summary: 'Edit a template',
        params: uuidParams,
        body: assetTemplateBody,
        response: { 200: dataEnvelope(assetTemplateView), ...errors },
      },
    },
    async (request) => ({
      data: await updateAssetTemplate(app.db, staffActor(request), request.params.id, request.body),
    }),
  );
};
