import {
  adminAssetView,
  assetHistoryBody,
  assetIdOnlyParams,
  dataEnvelope,
  errorBody,
  outsidePlacementBody,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffActor } from '../../../platform/staff-session.js';
import { importAssetHistory, placeSharesOutside } from './asset-takeover.js';

const tags = ['Back office: assets'];
const P = '/admin/api/v1/assets';
const response = {
  200: dataEnvelope(adminAssetView),
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
};

/** Taking over an asset: shares placed outside the platform, the history from before (issue 17). */
export const assetTakeoverAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, bus: app.bus };
  app.post(
    `${P}/:id/outside-placements`,
    {
      schema: {
        tags,
        summary: 'Shares placed outside the platform leave the offer (balanced share posting)',
        params: assetIdOnlyParams,
        body: outsidePlacementBody,
        response,
      },
    },
    async (request) => ({
      data: await placeSharesOutside(deps, staffActor(request), request.params.id, request.body),
    }),
  );
  app.post(
    `${P}/:id/history`,
    {
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Import the trades and production of an asset taken over (once, in preparation)',
        params: assetIdOnlyParams,
        body: assetHistoryBody,
        response,
      },
    },
    async (request) => ({
      data: await importAssetHistory(deps, staffActor(request), request.params.id, request.body),
    }),
  );
};
