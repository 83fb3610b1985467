import {
  acceptedDocuments,
  bavSession,
  captureSession,
  dataEnvelope,
  startIdentificationBody,
  uploadQuery,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdentificationContext } from '../identification-context.js';
import { openBavSession } from '../operations/open-bav-session.js';
import { openCaptureSession } from '../operations/open-capture-session.js';
import { readOwnDocument } from '../operations/read-own-document.js';
import { startDocumentIdent } from '../operations/start-identification.js';
import { uploadIdentificationFile } from '../operations/upload-identification-file.js';
import { A, errors, readUpload, stateAfter, stateResponse, tags, userIdOf } from './route-support.js';

/** Provider A: a document identification with document and selfie, and its bank-account check. */
export const documentIdentRoutes =
  (context: IdentificationContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${A}/acceptedDocuments`,
      {
        schema: {
          tags,
          summary: 'Documents the provider accepts (passport, ID card, driving licence)',
          response: { 200: dataEnvelope(acceptedDocuments), ...errors },
        },
      },
      async () => ({ data: context.provider.documentIdent.acceptedDocuments() }),
    );

    app.post(
      A,
      {
        schema: {
          tags,
          summary: 'Start a document identification (document type and number)',
          body: startIdentificationBody,
          response: stateResponse,
        },
      },
      (request) => stateAfter(request, () => startDocumentIdent(context, userIdOf(request), request.body)),
    );

    app.post(
      `${A}/verification`,
      {
        schema: {
          tags,
          summary: 'Upload the document or the selfie (multipart field `file`; JPEG, PNG or PDF; 10 MB at most)',
          querystring: uploadQuery,
          response: stateResponse,
        },
      },
      (request) =>
        stateAfter(request, async () =>
          uploadIdentificationFile(context, userIdOf(request), {
            kind: request.query.kind,
            bytes: await readUpload(request),
          }),
        ),
    );

    app.get(
      `${A}/verification/:documentId`,
      {
        schema: {
          tags,
          summary: 'One of your own uploaded files (owner only)',
          params: z.strictObject({ documentId: z.uuid() }),
        },
      },
      async (request, reply) => {
        const file = await readOwnDocument(context, userIdOf(request), request.params.documentId);
        return reply.header('cache-control', 'private, no-store').type(file.contentType).send(file.bytes);
      },
    );

    app.get(
      `${A}/captureSession`,
      {
        schema: {
          tags,
          summary: 'The token for the provider’s own capture SDK (web and native), for the open identification',
          response: {
            200: dataEnvelope(captureSession),
            ...errors,
          },
        },
      },
      async (request) => ({ data: await openCaptureSession(context, userIdOf(request)) }),
    );

    app.get(
      `${A}/bavSession`,
      {
        schema: {
          tags,
          summary: 'A bank-account verification session, when the provider asks for one',
          response: { 200: dataEnvelope(bavSession), ...errors },
        },
      },
      async (request) => ({ data: await openBavSession(context, userIdOf(request)) }),
    );
  };
