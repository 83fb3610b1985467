import {
  dataEnvelope,
  errorBody,
  fileParams,
  IDEMPOTENCY_HEADER,
  idempotencyHeaders,
  MAX_ATTACHMENT_BYTES,
  UPLOAD_TIMEOUT_MS,
  uploadedFile,
} from '@bw/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { readUploadPart } from '../../../lib/multipart-upload.js';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import { type FileDownload, readFileForUser } from '../operations/read-file.js';
import { type FilesDeps, uploadFile } from '../operations/upload-file.js';

const tags = ['Support'];
const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  408: errorBody,
  409: errorBody,
  413: errorBody,
  415: errorBody,
  422: errorBody,
};

/** A download: the stored type, saved under its name, never rendered as a page of ours. */
export const sendDownload = (reply: FastifyReply, file: FileDownload) =>
  reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.bytes);

/** Spec section 7 `POST /api/v1/data/file` (issue 23) and the download of a file. */
export const dataFileRoutes =
  (deps: FilesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/data/file',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary:
            'Upload a file to attach (multipart field `file`; PDF, JPEG, PNG or WebP by its bytes; 10 MB; within one minute)',
          consumes: ['multipart/form-data'],
          headers: idempotencyHeaders,
          response: { 200: dataEnvelope(uploadedFile), ...errors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const part = await readUploadPart(request, {
          maxBytes: MAX_ATTACHMENT_BYTES,
          tooLarge: 'FILE_TOO_LARGE',
          missing: () => new AppError('FILE_MISSING'),
          timeoutMs: UPLOAD_TIMEOUT_MS,
          // A stalled upload does not keep its connection: the 408 ends it.
          onTimeout: () => reply.header('connection', 'close'),
        });
        return {
          data: await uploadFile(deps, user.userId, {
            ...part,
            idempotencyKey: request.headers[IDEMPOTENCY_HEADER] ?? null,
          }),
        };
      },
    );
    app.get(
      '/api/v1/data/file/:fileId',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary: 'Download an own file, or one attached to a forum the caller may read',
          params: fileParams,
          response: errors,
        },
      },
      async (request, reply) =>
        sendDownload(reply, await readFileForUser(deps, currentUser(request), request.params.fileId)),
    );
  };
