import { createHash } from 'node:crypto';
import { CSRF_HEADER } from '@bw/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * The seed's browser: the same HTTP calls the investor's screens make, through `app.inject` (no
 * socket needed before the server listens). Cookies are kept like a browser keeps them.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

export type SeedClient = {
  call(
    method: Method,
    url: string,
    payload?: object,
    extraHeaders?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** The answer's `data`, or a thrown error naming the call and its answer. */
  data<T>(method: Method, url: string, payload?: object, extraHeaders?: Record<string, string>): Promise<T>;
};

const cookieJar = (response: LightMyRequestResponse, jar: Map<string, string>) => {
  for (const cookie of response.cookies) {
    if (cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0)) jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
};

/** A stable request address per client, so the per-address throttles treat each demo person apart. */
const addressOf = (label: string): string => {
  const [a = 0, b = 0] = createHash('sha256').update(label).digest();
  return `10.77.${a}.${b}`;
};

export const seedClient = (app: FastifyInstance, label: string): SeedClient & { session(csrf: string): void } => {
  const jar = new Map<string, string>();
  let csrfToken = '';
  const call: SeedClient['call'] = async (method, url, payload, extraHeaders = {}) => {
    const headers: Record<string, string> = { ...extraHeaders };
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (csrfToken) headers[CSRF_HEADER] = csrfToken;
    const response = await app.inject({
      method,
      url,
      headers,
      remoteAddress: addressOf(label),
      ...(payload ? { payload } : {}),
    });
    cookieJar(response, jar);
    return response;
  };
  return {
    call,
    data: async <T>(method: Method, url: string, payload?: object, extraHeaders?: Record<string, string>) => {
      const response = await call(method, url, payload, extraHeaders);
      if (response.statusCode !== 200)
        throw new Error(`seed: ${method} ${url} → ${response.statusCode} ${response.body}`);
      return (response.json() as { data: T }).data;
    },
    session: (csrf) => {
      csrfToken = csrf;
    },
  };
};

/** Logs the client in with e-mail and password, as the login screen does. */
export const logInClient = async (app: FastifyInstance, email: string, password: string) => {
  const client = seedClient(app, email);
  const { csrfToken } = await client.data<{ csrfToken: string }>('POST', '/auth/login', { email, password });
  client.session(csrfToken);
  return client;
};
