import { createHash } from 'node:crypto';
import { ATTACHMENT_CONTENT_TYPES, MAX_ATTACHMENT_BYTES, type UploadedFile } from '@bw/contracts';
import type { Db } from '@bw/db';
import { oncePerKey, requestHashOf } from '../../../ledger/idempotency.js';
import { AppError } from '../../../lib/app-error.js';
import { safeFileName } from '../../../lib/multipart-upload.js';
import type { DocumentStorage } from '../../../providers/storage/document-storage.js';
import { sniffContentTypeOrWebp } from '../../identification/operations/upload-identification-file.js';
import { insertFile, toFileRef } from '../files.repo.js';

export type FilesDeps = { db: Db; storage: DocumentStorage };

const ALLOWED: readonly string[] = ATTACHMENT_CONTENT_TYPES;

/** The type from the bytes (PDF, JPEG, PNG, WebP); the client's name and Content-Type are not trusted. */
export const checkAttachment = (bytes: Buffer): string => {
  if (bytes.length === 0) throw new AppError('FILE_MISSING');
  if (bytes.length > MAX_ATTACHMENT_BYTES) throw new AppError('FILE_TOO_LARGE');
  const contentType = sniffContentTypeOrWebp(bytes);
  if (!contentType || !ALLOWED.includes(contentType)) throw new AppError('FILE_TYPE_REFUSED');
  return contentType;
};

/**
 * `POST /api/v1/data/file`: stores one file of the caller in the document store and records its
 * owner. With an `Idempotency-Key` a retry of the same upload answers the first file again
 * (the same key with other bytes is refused); without one each upload is a new file.
 */
export const uploadFile = async (
  deps: FilesDeps,
  ownerId: string,
  input: { bytes: Buffer; fileName: string; idempotencyKey: string | null },
): Promise<UploadedFile> => {
  const contentType = checkAttachment(input.bytes);
  const fileName = safeFileName(input.fileName, 'Datei');
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const work = async (tx: Db): Promise<UploadedFile> => {
    const stored = await deps.storage.save(ownerId, input.bytes);
    const row = await insertFile(tx, {
      ownerId,
      fileName,
      contentType,
      sizeBytes: input.bytes.length,
      sha256,
      storageKey: stored.storageKey,
    });
    return { ...toFileRef(row), createdAt: row.createdAt.toISOString() };
  };
  return deps.db.transaction(async (tx) => {
    const key = input.idempotencyKey;
    if (!key) return work(tx);
    const requestHash = requestHashOf({ sha256, fileName });
    return (await oncePerKey(tx, { scope: `data-file:${ownerId}`, key, requestHash }, () => work(tx))).value;
  });
};
