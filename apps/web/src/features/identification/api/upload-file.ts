import { DOCUMENT_PROVIDER_PATH, type IdentificationState, identificationState } from '@bw/contracts';
import { uploadMultipart } from '../../../lib/upload-file';

/** Spec section 9: an upload may take up to one minute; give it a little more before giving up. */
const UPLOAD_TIMEOUT_MS = 90_000;

const base = `/api/v1/identification/${DOCUMENT_PROVIDER_PATH}`;
export const documentUploadPath = (kind: 'document' | 'selfie') => `${base}/verification?kind=${kind}`;
export const signatureSelfiePath = `${base}/signature/selfie`;

/** A document or selfie (multipart field `file`) with progress. */
export const uploadFile = (
  path: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<IdentificationState> =>
  uploadMultipart(path, file, identificationState, { onProgress, timeoutMs: UPLOAD_TIMEOUT_MS });
