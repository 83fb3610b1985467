import { DOCUMENT_PROVIDER_PATH, type IdentificationState, identificationState } from '@bw/contracts';
import { ApiError, csrfToken } from '../../../lib/api-client';

/** Spec section 9: an upload may take up to one minute; give it a little more before giving up. */
const UPLOAD_TIMEOUT_MS = 90_000;

const base = `/api/v1/identification/${DOCUMENT_PROVIDER_PATH}`;
export const documentUploadPath = (kind: 'document' | 'selfie') => `${base}/verification?kind=${kind}`;
export const signatureSelfiePath = `${base}/signature/selfie`;

/**
 * A multipart upload (field `file`) with progress. `fetch` reports no upload progress, so this one
 * call uses XMLHttpRequest; the answer is parsed with the contract like every other call.
 */
export const uploadFile = (
  path: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<IdentificationState> =>
  new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.timeout = UPLOAD_TIMEOUT_MS;
    const token = csrfToken();
    if (token) request.setRequestHeader('x-csrf-token', token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    const fail = () => reject(new ApiError(request.status || 0, 'NETWORK', request.statusText || 'Network error'));
    request.onerror = fail;
    request.ontimeout = fail;
    request.onload = () => {
      let body: { data?: unknown; error?: { code?: string; message?: string } } = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // not JSON: handled below
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(identificationState.parse(body.data));
        return;
      }
      reject(new ApiError(request.status, body.error?.code ?? 'UNKNOWN', body.error?.message ?? request.statusText));
    };
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
