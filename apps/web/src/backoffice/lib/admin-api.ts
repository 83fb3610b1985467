import { STAFF_CSRF_COOKIE, STAFF_CSRF_HEADER } from '@bw/contracts';
import { type ApiClient, ApiError, createApiClient, type Parser } from '../../lib/api-client';

const readCookie = (name: string): string | null => {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
};

/** The back office is German: its answers are asked for in German whatever the browser prefers. */
const BACK_OFFICE_LANGUAGE = 'de-AT';

/**
 * The admin API client: the same `{ data }` / `{ error }` envelope as the investor app, with the
 * staff session's own CSRF token (ADR 0019) on every change.
 */
export const adminApi: ApiClient = createApiClient(
  (input, init) => fetch(input, init),
  () => readCookie(STAFF_CSRF_COOKIE),
  () => BACK_OFFICE_LANGUAGE,
  STAFF_CSRF_HEADER,
);

/** Query strings without empty values. */
export const queryString = (params: Record<string, string | number | undefined | null>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** Uploads a file as `multipart/form-data` (field `file`) with the staff CSRF token. */
export const uploadFile = async <T>(
  path: string,
  file: File,
  schema: Parser<T>,
  fields: Record<string, string> = {},
) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('file', file);
  const token = readCookie(STAFF_CSRF_COOKIE);
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'accept-language': BACK_OFFICE_LANGUAGE, ...(token ? { [STAFF_CSRF_HEADER]: token } : {}) },
    body: form,
  });
  const body = (await response.json()) as { data?: unknown; error?: { code: string; message: string } };
  if (!response.ok) {
    throw new ApiError(response.status, body.error?.code ?? 'UNKNOWN', body.error?.message ?? response.statusText);
  }
  return schema.parse(body.data);
};
