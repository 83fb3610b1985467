import {
  adminAssetFields,
  adminAssetListQuery,
  adminAssetRow,
  adminAssetView,
  assetIdOnlyParams,
  createAssetBody,
  dataEnvelope,
  errorBody,
  financingExtensionBody,
  lifecycleBody,
  rankingBody,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffActor } from '../../../platform/staff-session.js';
import { getAdminAsset, toAdminAssetRow } from './admin-asset-view.js';
import { assetFilesAdminRoutes } from './asset-files-admin.routes.js';
import { assetTakeoverAdminRoutes } from './asset-takeover-admin.routes.js';
import { assetTemplatesAdminRoutes } from './asset-templates-admin.routes.js';
import { listAdminAssets } from './assets-admin.repo.js';
import { changeAssetStage } from './change-asset-stage.js';
import { createAsset } from './create-asset.js';
import { extendFinancingPhase, setForcedRanking, updateAsset } from './update-asset.js';

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
const view = { 200: dataEnvelope(adminAssetView), ...errors };
const P = '/admin/api/v1/assets';

/** Assets and their lifecycle with four eyes (issue 21). Guards: the permission table. */
export const assetsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(assetFilesAdminRoutes);
  await app.register(assetTemplatesAdminRoutes);
  await app.register(assetTakeoverAdminRoutes);
  const deps = { db: app.db, bus: app.bus };

  app.get(
    P,
    {
      schema: {
        tags,
        summary: 'Assets in every stage',
        querystring: adminAssetListQuery,
        response: { 200: dataEnvelope(z.array(adminAssetRow)), ...errors },
      },
    },
    async (request) => ({
      data: (await listAdminAssets(app.db, request.query)).map(toAdminAssetRow),
    }),
  );
  app.post(
    P,
    {
      schema: {
        tags,
        summary: 'Create an asset (stage preparing), usually from a template',
        body: createAssetBody,
        response: view,
      },
    },
    async (request) => ({
      data: await createAsset(deps, staffActor(request), request.body),
    }),
  );
  app.get(
    `${P}/:id`,
    {
      schema: { tags, summary: 'One asset with its files and review trail', params: assetIdOnlyParams, response: view },
    },
    async (request) => ({
      data: await getAdminAsset(app.db, request.params.id),
    }),
  );
  app.put(
    `${P}/:id`,
    {
      schema: {
        tags,
        summary: 'Edit an asset in preparation',
        params: assetIdOnlyParams,
        body: adminAssetFields,
        response: view,
      },
    },
    async (request) => ({
      data: await updateAsset(deps, staffActor(request), request.params.id, request.body),
    }),
  );
  app.post(
    `${P}/:id/lifecycle`,
    {
      schema: {
        tags,
        summary: 'A lifecycle step (submit, approve, decline, rework, publish, end financing)',
        params: assetIdOnlyParams,
        body: lifecycleBody,
        response: view,
      },
    },
    async (request) => ({
      data: await changeAssetStage(deps, staffActor(request), request.params.id, request.body),
    }),
  );
  app.put(
    `${P}/:id/ranking`,
    { schema: { tags, summary: 'Forced ranking', params: assetIdOnlyParams, body: rankingBody, response: view } },
    async (request) => ({
      data: await setForcedRanking(deps, staffActor(request), request.params.id, request.body.forcedRanking),
    }),
  );
  app.put(
    `${P}/:id/financing-end`,
    {
      schema: {
        tags,
        summary: 'Extend the financing phase',
        params: assetIdOnlyParams,
        body: financingExtensionBody,
        response: view,
      },
    },
    async (request) => ({
      data: await extendFinancingPhase(deps, staffActor(request), request.params.id, request.body.financingEndsOn),
    }),
  );
};
