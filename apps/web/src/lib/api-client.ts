import type { z } from 'zod';
import { REQUEST_TIMEOUT_MS } from '../config/constants';

/** A non-2xx answer, with the server's error code when it sent the `{ error }` envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type RequestOptions = { readonly headers?: Readonly<Record<string, string>>; readonly timeoutMs?: number };

export type ApiClient = {
  readonly get: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) => Promise<z.infer<S>>;
};

type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

const readErrorCode = async (response: Response): Promise<{ code: string; message: string }> => {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'error' in body) {
      const error = (body as { error: { code?: unknown; message?: unknown } }).error;
      return {
        code: typeof error.code === 'string' ? error.code : 'UNKNOWN',
        message: typeof error.message === 'string' ? error.message : response.statusText,
      };
    }
  } catch {
    // Not JSON: keep the status text.
  }
  return { code: 'UNKNOWN', message: response.statusText };
};

/**
 * Same-origin JSON client (architecture.md: `{ data }` envelope, `{ error: { code, message } }`).
 * Every answer is parsed with its contract schema, so a shape change fails loudly here.
 */
export const createApiClient = (fetchFn: FetchFn): ApiClient => ({
  get: async (path, schema, options = {}) => {
    const response = await fetchFn(path, {
      method: 'GET',
      credentials: 'include',
      headers: { accept: 'application/json', ...options.headers },
      signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) {
      const { code, message } = await readErrorCode(response);
      throw new ApiError(response.status, code, message);
    }
    const body = (await response.json()) as { data?: unknown };
    return schema.parse(body.data);
  },
});

export const apiClient: ApiClient = createApiClient((input, init) => fetch(input, init));

/** Spec section 7: "Most calls swallow failures and return false, null or empty." */
export const orNull = async <T>(promise: Promise<T>): Promise<T | null> => {
  try {
    return await promise;
  } catch {
    return null;
  }
};
