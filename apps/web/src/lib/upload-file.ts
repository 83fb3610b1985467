import { ApiError, csrfToken, type Parser } from './api-client';
import { currentLocale } from './i18n';

export type UploadOptions = {
  readonly onProgress?: (percent: number) => void;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  readonly headers?: Readonly<Record<string, string>>;
};

/** The client gave up (time over, cancelled, offline): no answer of the server to show. */
export const UPLOAD_NETWORK_CODE = 'NETWORK';
export const UPLOAD_TIMEOUT_CODE = 'UPLOAD_TIMEOUT';

/**
 * A multipart upload (field `file`) with progress. `fetch` reports no upload progress, so uploads
 * use XMLHttpRequest; the answer is parsed with the contract like every other call, a refusal
 * becomes an `ApiError` with the server's German message.
 */
export const uploadMultipart = <T>(path: string, file: Blob, schema: Parser<T>, options: UploadOptions): Promise<T> =>
  new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.timeout = options.timeoutMs;
    const token = csrfToken();
    if (token) request.setRequestHeader('x-csrf-token', token);
    request.setRequestHeader('accept-language', currentLocale());
    for (const [name, value] of Object.entries(options.headers ?? {})) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    const fail = (code: string) => () =>
      reject(new ApiError(request.status || 0, code, request.statusText || 'Network error'));
    request.onerror = fail(UPLOAD_NETWORK_CODE);
    request.onabort = fail(UPLOAD_NETWORK_CODE);
    request.ontimeout = fail(UPLOAD_TIMEOUT_CODE);
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.onload = () => {
      let body: { data?: unknown; error?: { code?: string; message?: string } } = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // not JSON: handled below
      }
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(schema.parse(body.data));
        } catch (error) {
          reject(error);
        }
        return;
      }
      reject(new ApiError(request.status, body.error?.code ?? 'UNKNOWN', body.error?.message ?? request.statusText));
    };
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
