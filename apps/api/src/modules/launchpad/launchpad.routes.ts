import {
  assetIdParams,
  assetRecord,
  dataEnvelope,
  errorBody,
  launchpadAsset,
  launchpadAssetsQuery,
  marketingConsentBody,
  marketingConsentResult,
  neededMarketingTypes as neededMarketingTypesSchema,
  populateFeaturesQuery,
  serialNumber,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { listRecords } from '../assets/assets.repo.js';
import { requireListedAsset } from '../assets/operations/get-asset.js';
import { getLaunchpadAsset, listLaunchpadAssets } from './operations/launchpad-assets.js';
import { neededMarketingTypes, recordMarketingConsent } from './operations/marketing-consent.js';

const tags = ['Launchpad'];
const notFound = { 400: errorBody, 404: errorBody };

/** Spec section 7, Launchpad: issuance data, records, marketing consent and serial numbers. */
export const launchpadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/launchpad/api/v2/assets',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Launchpad view of the listed assets among ?ids (comma-separated, at most 100)',
        querystring: launchpadAssetsQuery,
        response: { 200: dataEnvelope(z.array(launchpadAsset)), 400: errorBody },
      },
    },
    async (request) => ({ data: await listLaunchpadAssets(app.db, request.query.ids) }),
  );

  app.get(
    '/launchpad/api/v2/asset/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Launchpad view of one asset; ?populateFeatures=true gives features with labels',
        params: assetIdParams,
        querystring: populateFeaturesQuery,
        response: { 200: dataEnvelope(launchpadAsset), ...notFound },
      },
    },
    async (request) => ({
      data: await getLaunchpadAsset(app.db, request.params.id, request.query.populateFeatures),
    }),
  );

  app.get(
    '/launchpad/api/v1/records/asset/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The asset's records (diary), newest first",
        params: assetIdParams,
        response: { 200: dataEnvelope(z.array(assetRecord)), ...notFound },
      },
    },
    async (request) => {
      await requireListedAsset(app.db, request.params.id);
      return { data: await listRecords(app.db, request.params.id) };
    },
  );

  app.get(
    '/launchpad/api/v1/spv/marketing/:id/neededMarketingTypesForUser',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Marketing types of the asset's issuer the user has not answered yet",
        params: assetIdParams,
        response: { 200: dataEnvelope(neededMarketingTypesSchema), ...notFound, 401: errorBody },
      },
    },
    async (request) => ({
      data: {
        neededMarketingTypes: await neededMarketingTypes(app.db, request, currentUser(request), request.params.id),
      },
    }),
  );

  app.post(
    '/launchpad/api/v1/spv/marketing/:id/user',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Record the user's answer to the issuer's marketing consent",
        params: assetIdParams,
        body: marketingConsentBody,
        response: { 200: dataEnvelope(marketingConsentResult), ...notFound, 401: errorBody },
      },
    },
    async (request) => ({
      data: await recordMarketingConsent(
        app.db,
        currentUser(request),
        request.params.id,
        request.body.marketingConsent,
      ),
    }),
  );

  app.get(
    '/launchpad/api/v1/asset/serialnumber/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The asset's serial number",
        params: assetIdParams,
        response: { 200: dataEnvelope(serialNumber), ...notFound },
      },
    },
    async (request) => {
      const row = await requireListedAsset(app.db, request.params.id);
      return { data: { assetId: row.id, serialNumber: row.serialNumber } };
    },
  );
};
