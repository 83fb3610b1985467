import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { readUploadPart } from '../../../lib/multipart-upload.js';

/**
 * The one file of a multipart upload (field `file`) with its size limit. A broken multipart body
 * is the client's fault (400); a file over the limit is 413.
 */
export const readUploadedFile = async (request: FastifyRequest, maxBytes: number): Promise<Buffer> =>
  (
    await readUploadPart(request, {
      maxBytes,
      tooLarge: 'PAYLOAD_TOO_LARGE',
      missing: () => new AppError('VALIDATION_FAILED', { 'body.file': 'Bitte wähle eine Datei.' }),
    })
  ).bytes;
