import type { paths } from '@bw/api-client';
import type { CSRF_COOKIE as CsrfCookie, CSRF_HEADER as CsrfHeader } from '@bw/contracts';
import { LAUNCHPAD_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../config/constants';
import { currentLocale } from './i18n';

/** Spec section 7: 100 s for most calls, 30 s for launchpad calls. */
export const timeoutFor = (path: string): number =>
  path.startsWith('/launchpad/') ? LAUNCHPAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS;

/** A non-2xx answer, with the server's error code when it sent the `{ error }` envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Field messages of a validation answer, keyed like `body.email`. */
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The names of ADR 0003, typed as the contract's constants: a change there fails to compile here.
 * Only their types are imported, so the shell does not pull the auth schemas (and zod) into the
 * marketplace's initial JavaScript (lazy screens share that contract module).
 */
const CSRF_COOKIE: typeof CsrfCookie = 'bw_csrf';
const CSRF_HEADER: typeof CsrfHeader = 'x-csrf-token';

/** The server's code for a call that needs a session and has none (any more). */
export const UNAUTHENTICATED_CODE = 'UNAUTHENTICATED';

let unauthenticatedHandler: ((error: ApiError) => void) | null = null;

/** Session expiry (issue 4): the shell registers what a 401 `UNAUTHENTICATED` from any call does. */
export const setUnauthenticatedHandler = (handler: ((error: ApiError) => void) | null): void => {
  unauthenticatedHandler = handler;
};

/** Anything with `parse`: a contract's zod schema (or a hand-written guard). */
export type Parser<T> = { readonly parse: (input: unknown) => T };

export type RequestOptions = { readonly headers?: Readonly<Record<string, string>>; readonly timeoutMs?: number };

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/**
 * One operation of the generated client (`@bw/api-client/operations`, ADR 0037 addendum): its method
 * and its OpenAPI path, both literal types that index the generated `paths`.
 */
export type Operation<M extends Method = Method> = {
  readonly [P in keyof paths]: { readonly method: M; readonly path: P };
}[keyof paths];

type OperationOf<O> = O extends { readonly method: infer M extends Method; readonly path: infer P extends keyof paths }
  ? NonNullable<paths[P][M]>
  : never;

type ParametersOf<X> = X extends { parameters: infer P } ? P : never;

type PathArgs<X> =
  ParametersOf<X> extends { path: infer Path } ? { readonly path: Path } : { readonly path?: undefined };

type QueryArgs<X> =
  ParametersOf<X> extends { query: infer Q }
    ? { readonly query: Q }
    : ParametersOf<X> extends { query?: infer Q }
      ? [Q] extends [undefined]
        ? { readonly query?: undefined }
        : { readonly query?: Q }
      : { readonly query?: undefined };

type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;

type BodyArgs<X> = X extends { requestBody: infer R }
  ? { readonly body: JsonBody<R> }
  : X extends { requestBody?: infer R }
    ? [JsonBody<R>] extends [never]
      ? { readonly body?: undefined }
      : { readonly body?: JsonBody<R> }
    : { readonly body?: undefined };

/** What a call of operation `O` takes: its path parameters, query and JSON body, as the document declares them. */
export type RequestArgs<O> = PathArgs<OperationOf<O>> & QueryArgs<OperationOf<O>> & BodyArgs<OperationOf<O>>;

/** The JSON body of operation `O`, and its query: for a function that hands them on. */
export type BodyOf<O> = RequestArgs<O> extends { readonly body?: infer B } ? NonNullable<B> : never;
export type QueryOf<O> = RequestArgs<O> extends { readonly query?: infer Q } ? NonNullable<Q> : never;

/** The arguments after the schema: optional when the operation needs nothing. */
export type CallArgs<O> =
  Record<never, never> extends RequestArgs<O>
    ? [request?: RequestArgs<O> & RequestOptions]
    : [request: RequestArgs<O> & RequestOptions];

type UrlParts = {
  readonly path?: Readonly<Record<string, string | number>> | undefined;
  readonly query?: object | undefined;
};

/**
 * The URL of an operation: `{name}` replaced by its encoded path parameter, and the query's
 * non-empty values appended (an array repeats its key).
 */
export const urlOf = <O extends Operation>(operation: O, ...[parts]: UrlArgs<O>): string => {
  const { path, query } = (parts ?? {}) as UrlParts;
  const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = path?.[name];
    if (value === undefined) throw new Error(`${operation.path}: path parameter ${name} missing`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
};

type UrlArgs<O> =
  Record<never, never> extends Omit<RequestArgs<O>, 'body'>
    ? [parts?: Omit<RequestArgs<O>, 'body'>]
    : [parts: Omit<RequestArgs<O>, 'body'>];

export type ApiClient = {
  /**
   * `GET` of a generated operation; `schema`: the contract's zod schema, or a hand-written guard on
   * the startup path (lib/guard.ts).
   */
  readonly get: <O extends Operation<'get'>, T>(operation: O, schema: Parser<T>, ...request: CallArgs<O>) => Promise<T>;
  /** A state-changing call with a JSON body; carries the session's CSRF token (ADR 0003). */
  readonly send: <O extends Operation<'post' | 'put' | 'patch' | 'delete'>, T>(
    operation: O,
    schema: Parser<T>,
    ...request: CallArgs<O>
  ) => Promise<T>;
};

type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

type ErrorParts = { code: string; message: string; fields: Record<string, string> };

const readFields = (fields: unknown): Record<string, string> =>
  typeof fields === 'object' && fields !== null
    ? Object.fromEntries(
        Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    : {};

const readErrorCode = async (response: Response): Promise<ErrorParts> => {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'error' in body) {
      const error = (body as { error: { code?: unknown; message?: unknown; fields?: unknown } }).error;
      return {
        code: typeof error.code === 'string' ? error.code : 'UNKNOWN',
        message: typeof error.message === 'string' ? error.message : response.statusText,
        fields: readFields(error.fields),
      };
    }
  } catch {
    // Not JSON: keep the status text.
  }
  return { code: 'UNKNOWN', message: response.statusText, fields: {} };
};

/**
 * Same-origin JSON client (architecture.md: `{ data }` envelope, `{ error: { code, message } }`).
 * Every answer is parsed with its contract schema, so a shape change fails loudly here.
 */
const readData = async <T>(response: Response, schema: Parser<T>): Promise<T> => {
  if (!response.ok) {
    const { code, message, fields } = await readErrorCode(response);
    const error = new ApiError(response.status, code, message, fields);
    if (response.status === 401 && code === UNAUTHENTICATED_CODE) unauthenticatedHandler?.(error);
    throw error;
  }
  const body = (await response.json()) as { data?: unknown };
  return schema.parse(body.data);
};

/** The session's CSRF token: the `bw_csrf` cookie is readable by design (ADR 0003). */
export const csrfToken = (cookie: string = typeof document === 'undefined' ? '' : document.cookie): string | null => {
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(value.join('='));
  }
  return null;
};

/**
 * Same-origin JSON client (architecture.md: `{ data }` envelope, `{ error: { code, message } }`).
 * Every answer is parsed with its contract schema (or its guard), so a shape change fails loudly here.
 */
export const createApiClient = (
  fetchFn: FetchFn,
  readCsrfToken: () => string | null = csrfToken,
  /** The language the app shows, so error messages come in it and not in the browser's (ADR 0042). */
  readLanguage: () => string = currentLocale,
  /** The header the token goes in: the back office sends the staff session's (ADR 0019). */
  csrfHeader: string = CSRF_HEADER,
): ApiClient => ({
  get: async (operation, schema, ...[request]) => {
    const options = (request ?? {}) as RequestOptions & UrlParts;
    const path = urlOf(operation as Operation, options as never);
    return readData(
      await fetchFn(path, {
        method: 'GET',
        credentials: 'include',
        headers: { accept: 'application/json', 'accept-language': readLanguage(), ...options.headers },
        signal: AbortSignal.timeout(options.timeoutMs ?? timeoutFor(path)),
      }),
      schema,
    );
  },
  send: async (operation, schema, ...[request]) => {
    const options = (request ?? {}) as RequestOptions & UrlParts & { readonly body?: unknown };
    const path = urlOf(operation as Operation, options as never);
    const token = readCsrfToken();
    return readData(
      await fetchFn(path, {
        method: operation.method.toUpperCase(),
        credentials: 'include',
        headers: {
          accept: 'application/json',
          'accept-language': readLanguage(),
          'content-type': 'application/json',
          ...(token ? { [csrfHeader]: token } : {}),
          ...options.headers,
        },
        body: JSON.stringify(options.body ?? {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? timeoutFor(path)),
      }),
      schema,
    );
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
