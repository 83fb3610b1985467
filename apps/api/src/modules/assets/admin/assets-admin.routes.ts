import {
  adminAssetFields,
  adminAssetListQuery,
  adminAssetRow,
  adminAssetView,
  assetDocumentQuery,
  assetFileParams,
  assetIdOnlyParams,
  assetRecordBody,
  assetTemplateBody,
  assetTemplateView,
  createAssetBody,
  dataEnvelope,
  errorBody,
  financingExtensionBody,
  lifecycleBody,
  notaryDateBody,
  rankingBody,
  uuidParams,
} from '@bw/contracts';
import { assetImages } from '@bw/db';
import multipart from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.js';
import { staffActor } from '../../backoffice/staff-session.js';
import { getAdminAsset, toAdminAssetRow } from './admin-asset-view.js';
import { addAssetRecord, addNotaryDate } from './asset-diary.js';
import {
  addAssetDocument,
  addAssetImage,
  MAX_ASSET_DOCUMENT_BYTES,
  MAX_ASSET_IMAGE_BYTES,
  removeAssetDocument,
  removeAssetImage,
} from './asset-files.js';
import { createAssetTemplate, listAssetTemplates, updateAssetTemplate } from './asset-templates.js';
import { listAdminAssets } from './assets-admin.repo.js';
import { changeAssetStage } from './change-asset-stage.js';
import { createAsset } from './create-asset.js';
import { readUploadedFile } from './read-upload.js';
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

/** Assets, templates, files and the lifecycle with four eyes (issue 21). Guards: the permission table. */
export const assetsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_ASSET_DOCUMENT_BYTES, files: 1, fields: 2, parts: 3 } });
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
  app.get(
    `${P}/:id/images/:fileId`,
    { schema: { tags, summary: 'An uploaded photo (also before publishing)', params: assetFileParams } },
    async (request, reply) => {
      const [image] = await app.db
        .select({ content: assetImages.content, contentType: assetImages.contentType })
        .from(assetImages)
        .where(and(eq(assetImages.id, request.params.fileId), eq(assetImages.assetId, request.params.id)));
      if (!image) throw new AppError('NOT_FOUND');
      return reply
        .type(image.contentType)
        .header('cache-control', 'private, max-age=300')
        .send(Buffer.from(image.content));
    },
  );
  app.post(
    `${P}/:id/images`,
    {
      schema: {
        tags,
        summary: 'Upload a photo (multipart field `file`; JPEG, PNG or WebP; 5 MB)',
        params: assetIdOnlyParams,
        response: view,
      },
    },
    async (request) => ({
      data: await addAssetImage(
        deps,
        staffActor(request),
        request.params.id,
        await readUploadedFile(request, MAX_ASSET_IMAGE_BYTES),
      ),
    }),
  );
  app.delete(
    `${P}/:id/images/:fileId`,
    { schema: { tags, summary: 'Remove a photo', params: assetFileParams, response: view } },
    async (request) => ({
      data: await removeAssetImage(deps, staffActor(request), request.params.id, request.params.fileId),
    }),
  );
  app.post(
    `${P}/:id/documents`,
    {
      schema: {
        tags,
        summary: 'Upload a PDF document (multipart field `file`; 10 MB)',
        params: assetIdOnlyParams,
        querystring: assetDocumentQuery,
        response: view,
      },
    },
    async (request) => ({
      data: await addAssetDocument(deps, staffActor(request), request.params.id, {
        ...request.query,
        bytes: await readUploadedFile(request, MAX_ASSET_DOCUMENT_BYTES),
      }),
    }),
  );
  app.delete(
    `${P}/:id/documents/:fileId`,
    { schema: { tags, summary: 'Remove a document', params: assetFileParams, response: view } },
    async (request) => ({
      data: await removeAssetDocument(deps, staffActor(request), request.params.id, request.params.fileId),
    }),
  );
  app.post(
    `${P}/:id/records`,
    {
      schema: {
        tags,
        summary: 'Add a record (news, construction, tenants)',
        params: assetIdOnlyParams,
        body: assetRecordBody,
        response: view,
      },
    },
    async (request) => ({
      data: await addAssetRecord(deps, staffActor(request), request.params.id, request.body),
    }),
  );
  app.post(
    `${P}/:id/notary-dates`,
    {
      schema: {
        tags,
        summary: 'Add a notary date (builder-owner assets)',
        params: assetIdOnlyParams,
        body: notaryDateBody,
        response: view,
      },
    },
    async (request) => ({
      data: await addNotaryDate(deps, staffActor(request), request.params.id, request.body),
    }),
  );

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
