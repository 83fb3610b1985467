import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.js';

/**
 * The one file of a multipart upload (field `file`) with its size limit. A broken multipart body
 * is the client's fault (400); a file over the limit is 413.
 */
export const readUploadedFile = async (request: FastifyRequest, maxBytes: number): Promise<Buffer> => {
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (part?.fieldname !== 'file') throw new AppError('VALIDATION_FAILED', { 'body.file': 'Bitte wähle eine Datei.' });
    const bytes = await part.toBuffer();
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE');
    if (typeof code === 'string' && code.startsWith('FST_')) throw error;
    throw new AppError('BAD_REQUEST');
  }
};
