import {
  adminAssetView,
  assetDocumentQuery,
  assetFileParams,
  assetIdOnlyParams,
  assetRecordBody,
  dataEnvelope,
  errorBody,
  notaryDateBody,
} from '@bw/contracts';
import { assetImages } from '@bw/db';
import multipart from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { staffActor } from '../../../platform/staff-session.js';
import { addAssetRecord, addNotaryDate } from './asset-diary.js';
import {
  addAssetDocument,
  addAssetImage,
  MAX_ASSET_DOCUMENT_BYTES,
  MAX_ASSET_IMAGE_BYTES,
  removeAssetDocument,
  removeAssetImage,
} from './asset-files.js';
import { readUploadedFile } from './read-upload.js';

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
/** Photos, documents, records and notary dates of an asset (issue 21). Guards: the permission table. */
export const assetFilesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_ASSET_DOCUMENT_BYTES, files: 1, fields: 2, parts: 3 } });
  const deps = { db: app.db, bus: app.bus };

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
};
