import {
  DOCUMENT_PROVIDER_PATH,
  dataEnvelope,
  errorBody,
  identificationState,
  MAX_UPLOAD_BYTES,
  VIDEO_PROVIDER_PATH,
} from '@bw/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { currentUser } from '../../../plugins/session-user.js';
import { getIdentificationState } from '../operations/get-identification-state.js';

/** What the identification route files share: tags, refusals, paths, the upload reader. */
export const tags = ['Identification'];
export const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  415: errorBody,
  429: errorBody,
};
export const stateResponse = { 200: dataEnvelope(identificationState), ...errors };
/** The document-ident provider's paths (provider A) and the video-ident provider's (provider B). */
export const A = `/api/v1/identification/${DOCUMENT_PROVIDER_PATH}`;
export const B = `/api/v1/identification/${VIDEO_PROVIDER_PATH}`;

export const userIdOf = (request: FastifyRequest): string => currentUser(request).userId;

/** The caller's identification state, the answer of every identification step. */
export const stateOf = async (request: FastifyRequest) => ({
  data: await getIdentificationState(request.server.db, userIdOf(request)),
});

export const stateAfter = async (request: FastifyRequest, step: () => Promise<unknown>) => {
  await step();
  return stateOf(request);
};

/**
 * The one file of a multipart upload, field `file`, read with the size limit. A broken multipart
 * body (cut off, no boundary) is the client's fault: 400, never 500.
 */
export const readUpload = async (request: FastifyRequest): Promise<Buffer> => {
  try {
    const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    if (part?.fieldname !== 'file') throw new AppError('UPLOAD_MISSING');
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('UPLOAD_TOO_LARGE');
    // Fastify's own multipart errors (wrong content type, limits) map in the error handler.
    if (typeof code === 'string' && code.startsWith('FST_')) throw error;
    throw new AppError('BAD_REQUEST');
  }
};
