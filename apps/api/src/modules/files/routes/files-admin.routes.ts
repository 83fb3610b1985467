import { errorBody, fileParams } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readAttachedFileForStaff } from '../operations/read-file.js';
import type { FilesDeps } from '../operations/upload-file.js';
import { sendDownload } from './data-file.routes.js';

/** Back office: attachments of support requests and forum items (guards: the permission table). */
export const filesAdminRoutes =
  (deps: FilesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/api/v1/files/:fileId',
      {
        schema: {
          tags: ['Back office: support'],
          summary: 'Download an attachment of a support request, forum message or voting option',
          params: fileParams,
          response: { 401: errorBody, 403: errorBody, 404: errorBody },
        },
      },
      async (request, reply) => sendDownload(reply, await readAttachedFileForStaff(deps, request.params.fileId)),
    );
  };
