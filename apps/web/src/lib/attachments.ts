import * as ops from '@bw/api-client/operations';
import {
  ATTACHMENT_CONTENT_TYPES,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  UPLOAD_TIMEOUT_MS,
  type UploadedFile,
  uploadedFile,
} from '@bw/contracts';
import { urlOf } from './api-client';
import { uploadMultipart } from './upload-file';

/** The server ends an upload after a minute (spec section 9); the client waits a little longer for its answer. */
const CLIENT_TIMEOUT_MS = UPLOAD_TIMEOUT_MS + 5_000;

const ALLOWED: readonly string[] = ATTACHMENT_CONTENT_TYPES;
const ALLOWED_EXTENSIONS = /\.(pdf|jpe?g|png|webp)$/i;

/** What the picker refuses before uploading; the server checks the bytes again. */
export type AttachmentProblem = 'tooLarge' | 'wrongType' | 'tooMany' | 'empty';

export const attachmentProblem = (file: File, alreadyAttached: number): AttachmentProblem | null => {
  if (alreadyAttached >= MAX_ATTACHMENTS) return 'tooMany';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_ATTACHMENT_BYTES) return 'tooLarge';
  if (!ALLOWED.includes(file.type) && !ALLOWED_EXTENSIONS.test(file.name)) return 'wrongType';
  return null;
};

/** `POST /api/v1/data/file` with progress; a retry of the same pick reuses its idempotency key. */
export const uploadAttachment = (
  file: File,
  options: { onProgress: (percent: number) => void; signal?: AbortSignal; idempotencyKey: string },
): Promise<UploadedFile> =>
  uploadMultipart(urlOf(ops.postDataFile), file, uploadedFile, {
    onProgress: options.onProgress,
    timeoutMs: CLIENT_TIMEOUT_MS,
    headers: { 'idempotency-key': options.idempotencyKey },
    ...(options.signal ? { signal: options.signal } : {}),
  });
