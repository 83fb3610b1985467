import { AppError } from '../../../lib/app-error.js';
import { findOwnDocument } from '../identification.repo.js';
import type { IdentificationContext } from '../identification-context.js';

/** One of the caller's own uploaded files, for the owner only; a missing file reads as not found. */
export const readOwnDocument = async (
  context: IdentificationContext,
  userId: string,
  documentId: string,
): Promise<{ contentType: string; bytes: Buffer }> => {
  const doc = await findOwnDocument(context.app.db, userId, documentId);
  if (!doc) throw new AppError('IDENTIFICATION_DOCUMENT_NOT_FOUND');
  const bytes = await context.storage.read(doc.storageKey).catch(() => {
    throw new AppError('IDENTIFICATION_DOCUMENT_NOT_FOUND');
  });
  return { contentType: doc.contentType, bytes };
};
