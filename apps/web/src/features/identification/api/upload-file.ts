import * as ops from '@bw/api-client/operations';
import { type IdentificationState, identificationState } from '@bw/contracts';
import { urlOf } from '../../../lib/api-client';
import { uploadMultipart } from '../../../lib/upload-file';

/** Spec section 9: an upload may take up to one minute; give it a little more before giving up. */
const UPLOAD_TIMEOUT_MS = 90_000;

export const documentUploadPath = (kind: 'document' | 'selfie') =>
  urlOf(ops.postIdentificationDocidentVerification, { query: { kind } });
export const signatureSelfiePath = urlOf(ops.postIdentificationDocidentSignatureSelfie);

/** A document or selfie (multipart field `file`) with progress. */
export const uploadFile = (
  path: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<IdentificationState> =>
  uploadMultipart(path, file, identificationState, { onProgress, timeoutMs: UPLOAD_TIMEOUT_MS });
