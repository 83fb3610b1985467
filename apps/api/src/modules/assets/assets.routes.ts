import {
  assetDetail,
  assetIdParams,
  assetListPage,
  assetListQuery,
  dataEnvelope,
  documentQuery,
  energyData,
  energyDataQuery,
  errorBody,
  likeBody,
  likeResult,
  offer,
  transactionMetadata,
  transactionMetadataQuery,
} from '@bw/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { type AssetListCache, createAssetListCache } from './asset-list-cache.js';
import { getAsset } from './operations/get-asset.js';
import { getAssetDocument } from './operations/get-asset-document.js';
import { getEnergyData } from './operations/get-energy-data.js';
import { getTransactionMetadata } from './operations/get-transaction-metadata.js';
import { setLike } from './operations/like-asset.js';
import { listAssetOffers } from './operations/list-asset-offers.js';
import { listAssets } from './operations/list-assets.js';
import { shareLinksRoutes } from './share-links.routes.js';

const tags = ['Assets'];

/**
 * Sends a body the route produced itself: the marketplace page comes pre-serialized from the cache
 * (its schema still documents it), documents are binary. Fastify skips serialization for both.
 */
const sendRaw = (reply: FastifyReply, contentType: string, body: string | Buffer): FastifyReply =>
  reply.type(contentType).send(body);
const notFound = { 400: errorBody, 404: errorBody };

/** Spec section 7, Assets (plus likes and share links). Guests may browse (spec section 6). */
export const assetsRoutes: FastifyPluginAsyncZod<{ cache?: AssetListCache }> = async (app, options) => {
  const cache = options.cache ?? createAssetListCache(app.db);
  // Any change to an asset publishes `update_assets` (spec section 4); the marketplace cache goes with it.
  const publish = app.bus.publishAssetsUpdate.bind(app.bus);
  app.bus.publishAssetsUpdate = (assetIds) => {
    cache.invalidate();
    publish(assetIds);
  };

  app.get(
    '/api/v2/assets',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Marketplace: listed assets (stage primary or secondary) in marketplace order, filtered and paged',
        querystring: assetListQuery,
        response: { 200: dataEnvelope(assetListPage), 400: errorBody },
      },
    },
    async (request, reply) =>
      sendRaw(
        reply,
        'application/json; charset=utf-8',
        await listAssets(app.db, cache, request.query, request.sessionUser),
      ),
  );

  app.get(
    '/api/v2/assets/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One listed asset with every field, records, documents and offers',
        params: assetIdParams,
        response: { 200: dataEnvelope(assetDetail), ...notFound },
      },
    },
    async (request) => ({ data: await getAsset(app.db, request, request.params.id) }),
  );

  app.get(
    '/api/v2/assets/:id/offers',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "Offers for an asset: the issuer's primary offer beside investors' open bulletin-board offers (sell cheapest first, then buy highest first)",
        params: assetIdParams,
        response: { 200: dataEnvelope(z.array(offer)), ...notFound },
      },
    },
    async (request) => ({ data: await listAssetOffers(app.db, request, request.params.id) }),
  );

  app.get(
    '/api/v2/assets/:id/energyData',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Daily production of a power plant (kWh) and its impact in household terms',
        params: assetIdParams,
        querystring: energyDataQuery,
        response: { 200: dataEnvelope(energyData), ...notFound },
      },
    },
    async (request) => ({ data: await getEnergyData(app.db, request.params.id, request.query.days) }),
  );

  app.get(
    '/api/v1/assets/transactionMetadata/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Prices for buying and selling: 30-day VWAP, lowest offer, optional chart data (?fields=diagramData)',
        params: assetIdParams,
        querystring: transactionMetadataQuery,
        response: { 200: dataEnvelope(transactionMetadata), ...notFound },
      },
    },
    async (request) => ({
      data: await getTransactionMetadata(app.db, request.params.id, request.query.fields === 'diagramData'),
    }),
  );

  app.get(
    '/api/v1/assets/:id/documents/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'PDF: the authorization and buy-contract documents, or one asset document with ?documentId',
        params: assetIdParams,
        querystring: documentQuery,
        response: notFound,
      },
    },
    async (request, reply) => {
      const file = await getAssetDocument(app.db, request.params.id, request.query.documentId);
      reply.header('content-disposition', `inline; filename="${file.fileName}"`);
      return sendRaw(
        reply,
        'application/pdf',
        Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength),
      );
    },
  );

  for (const [method, liked] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/v1/utils/like',
      preHandler: requireUser,
      schema: {
        tags,
        summary: liked ? 'Like an asset (idempotent)' : 'Remove a like (idempotent)',
        body: likeBody,
        response: { 200: dataEnvelope(likeResult), 400: errorBody, 401: errorBody, 404: errorBody },
      },
      handler: async (request) => ({
        data: await setLike(app.db, app.bus, currentUser(request), request.body.assetId, liked),
      }),
    });
  }

  await app.register(shareLinksRoutes);
};
