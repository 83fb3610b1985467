import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

export type UploadedPart = { bytes: Buffer; fileName: string };

type Limits = {
  maxBytes: number;
  /** Code of the refusal when the stream passes `maxBytes` (counted while reading, before storage). */
  tooLarge: 'PAYLOAD_TOO_LARGE' | 'FILE_TOO_LARGE';
  missing: () => AppError;
  /** The whole upload (headers of the part and its bytes) must arrive within this time. */
  timeoutMs?: number;
  /** Called when the deadline passes, before the 408 is sent (the route closes the connection). */
  onTimeout?: () => void;
};

const failure = (error: unknown, limits: Limits): unknown => {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(limits.tooLarge);
  if (typeof code === 'string' && code.startsWith('FST_')) return error;
  return new AppError('BAD_REQUEST');
};

/**
 * The one file of a multipart upload (field `file`) and its name. The size limit is the stream's:
 * reading stops at `maxBytes` and answers 413, so nothing over the limit is held or stored. A
 * broken multipart body is the client's fault (400); one slower than `timeoutMs` is 408.
 */
export const readUploadPart = async (request: FastifyRequest, limits: Limits): Promise<UploadedPart> => {
  let timer: NodeJS.Timeout | undefined;
  let abort: ((error: AppError) => void) | undefined;
  const deadline = new Promise<never>((_, reject) => {
    abort = reject;
  });
  const read = async (): Promise<UploadedPart> => {
    const part = await request.file({ limits: { fileSize: limits.maxBytes, files: 1 } });
    if (part?.fieldname !== 'file') throw limits.missing();
    abort = (error) => part.file.destroy(error);
    return { bytes: await part.toBuffer(), fileName: part.filename };
  };
  try {
    if (limits.timeoutMs !== undefined) {
      timer = setTimeout(() => {
        const error = new AppError('UPLOAD_TIMEOUT');
        limits.onTimeout?.();
        abort?.(error);
      }, limits.timeoutMs);
      timer.unref();
    }
    const reading = read();
    // After a timeout nobody awaits the read any more; its late failure is expected.
    reading.catch(() => undefined);
    return await Promise.race([reading, deadline]);
  } catch (error) {
    throw failure(error, limits);
  } finally {
    clearTimeout(timer);
  }
};

/** A file name to keep and show: letters, digits, dot, dash, underscore and space; never a path. */
export const safeFileName = (name: string, fallback: string): string =>
  name
    .replace(/^.*[\\/]/, '')
    .replace(/[^\p{L}\p{N}._ -]/gu, '_')
    .slice(0, 200) || fallback;
