import { DOCUMENT_CONTENT_TYPES, MAX_UPLOAD_BYTES, SELFIE_CONTENT_TYPES, type UploadKind } from '@bw/contracts';
import { AppError } from '../../../lib/app-error.js';
import { findUserById } from '../../users/users.repo.js';
import {
  findCurrentVerification,
  insertDocument,
  listVerificationDocuments,
  setUserStatus,
  updateVerification,
  type VerificationRow,
} from '../identification.repo.js';
import { type IdentificationContext, REALTIME_REASON } from '../identification-context.js';

/** The file's type from its first bytes; the client's Content-Type is not trusted. */
export const sniffContentType = (bytes: Buffer): string | null => {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
};

/** As `sniffContentType`, and WebP photos too (asset photos, attachments). */
export const sniffContentTypeOrWebp = (bytes: Buffer): string | null => {
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return sniffContentType(bytes);
};

/** Spec section 2: JPEG, PNG or PDF for the document, a photo for a selfie; 10 MB at most. */
export const checkUpload = (kind: UploadKind | 'signatureSelfie', bytes: Buffer): string => {
  if (bytes.length === 0) throw new AppError('UPLOAD_MISSING');
  if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError('UPLOAD_TOO_LARGE');
  const contentType = sniffContentType(bytes);
  const allowed: readonly string[] = kind === 'document' ? DOCUMENT_CONTENT_TYPES : SELFIE_CONTENT_TYPES;
  if (!contentType || !allowed.includes(contentType)) throw new AppError('UPLOAD_TYPE_NOT_ALLOWED');
  return contentType;
};

const assertUploadable = (verification: VerificationRow | undefined): VerificationRow => {
  if (verification?.provider !== 'docident' || verification.status === 'rejected') {
    throw new AppError('IDENTIFICATION_NOT_STARTED');
  }
  if (verification.status === 'pending' || verification.status === 'manualCheck') {
    throw new AppError('IDENTIFICATION_IN_PROGRESS');
  }
  if (verification.status !== 'kycRequired') throw new AppError('ALREADY_VERIFIED');
  return verification;
};

/**
 * `POST /api/v1/identification/docident/verification` (multipart field `file`): stores the file
 * for the caller's own open case. With a document and a selfie the case goes to the provider
 * (the user becomes pending, spec section 4); a retaken selfie sends it again.
 */
export const uploadIdentificationFile = async (
  context: IdentificationContext,
  userId: string,
  input: { kind: UploadKind; bytes: Buffer },
): Promise<void> => {
  const db = context.app.db;
  const contentType = checkUpload(input.kind, input.bytes);
  assertUploadable(await findCurrentVerification(db, userId));
  const stored = await context.storage.save(userId, input.bytes);
  const submit = await db.transaction(async (tx) => {
    const verification = assertUploadable(await findCurrentVerification(tx, userId, true));
    await insertDocument(tx, {
      userId,
      verificationId: verification.id,
      kind: input.kind,
      storageKey: stored.storageKey,
      contentType,
      sizeBytes: input.bytes.length,
      sha256: stored.sha256,
    });
    const documents = await listVerificationDocuments(tx, verification.id);
    const complete = documents.some((doc) => doc.kind === 'document') && documents.some((doc) => doc.kind === 'selfie');
    const retakenSelfie = verification.retake === 'selfie' && input.kind === 'selfie';
    if (!complete || (verification.submissions > 0 && !retakenSelfie)) return null;
    const submission = verification.submissions + 1;
    await updateVerification(tx, verification.id, {
      status: 'pending',
      identityCheck: 'pending',
      retake: null,
      submissions: submission,
      submittedAt: new Date(),
    });
    await setUserStatus(tx, userId, 'pending', ['new']);
    return { verification, submission };
  });
  if (submit) {
    await context.provider.documentIdent.submitCase({
      caseId: submit.verification.providerRef,
      documentType: submit.verification.documentType ?? 'passport',
      documentNumber: submit.verification.documentNumber ?? '',
      submission: submit.submission,
      files: async () => {
        const documents = await listVerificationDocuments(db, submit.verification.id);
        return Promise.all(
          documents
            .filter((doc) => doc.kind === 'document' || doc.kind === 'selfie')
            .map(async (doc) => ({
              kind: doc.kind as 'document' | 'selfie',
              bytes: await context.storage.read(doc.storageKey),
              contentType: doc.contentType,
            })),
        );
      },
    });
  }
  const user = await findUserById(db, userId);
  if (user) context.app.bus.publishUserUpdate(user.email, REALTIME_REASON);
};
