import * as ops from '@bw/api-client/operations';
import { CSRF_HEADER } from '@bw/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, csrfToken, setUnauthenticatedHandler, timeoutFor, urlOf } from './api-client';

type Call = { readonly input: string; readonly init: RequestInit | undefined };

const recordingFetch = (status = 200, body: unknown = { data: { ok: true } }) => {
  const calls: Call[] = [];
  const fetchFn = async (input: string, init?: RequestInit) => {
    calls.push({ input, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetchFn };
};

const headerOf = (call: Call | undefined, name: string): string | undefined =>
  (call?.init?.headers as Record<string, string> | undefined)?.[name];

const ok = z.object({ ok: z.boolean() });

describe('api client (ADR 0003: CSRF on state-changing calls)', () => {
  afterEach(() => setUnauthenticatedHandler(null));

  it.each([
    ['POST', ops.postAuthLogin],
    ['PUT', ops.putUserPhone],
    ['PATCH', ops.patchUserPassword],
    ['DELETE', ops.deleteUtilsLike],
  ] as const)('sends the bw_csrf token as x-csrf-token on %s', async (method, operation) => {
    const { calls, fetchFn } = recordingFetch();
    const client = createApiClient(fetchFn, () => 'token-123');
    await client.send(operation as typeof ops.postAuthLogin, ok, { body: { email: 'a@b.at', password: 'x' } });
    expect(headerOf(calls[0], CSRF_HEADER)).toBe('token-123');
    expect(calls[0]?.init?.method).toBe(method);
    expect(calls[0]?.init?.credentials).toBe('include');
    expect(calls[0]?.input).toBe(operation.path);
  });

  it('sends no token header when there is no session cookie (a guest)', async () => {
    const { calls, fetchFn } = recordingFetch();
    await createApiClient(fetchFn, () => null).send(ops.postAuthLogin, ok, {
      body: { email: 'a@b.at', password: 'x' },
    });
    expect(headerOf(calls[0], CSRF_HEADER)).toBeUndefined();
  });

  it('does not send the token with reads', async () => {
    const { calls, fetchFn } = recordingFetch();
    await createApiClient(fetchFn, () => 'token-123').get(ops.getUser, ok);
    expect(headerOf(calls[0], CSRF_HEADER)).toBeUndefined();
  });

  it('reads the token from the bw_csrf cookie among others', () => {
    expect(csrfToken('bw_device=x; bw_csrf=abc%3D%3D; other=1')).toBe('abc==');
    expect(csrfToken('bw_device=x')).toBeNull();
  });

  it('keeps the code, the message and the field messages of an error answer', async () => {
    const { fetchFn } = recordingFetch(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Die Eingaben sind ungültig.',
        fields: { 'body.email': 'ungültig' },
      },
    });
    const error = await createApiClient(fetchFn, () => null)
      .send(ops.postAuthRegister, ok, { body: {} as never })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fields: { 'body.email': 'ungültig' } });
  });

  it('tells the shell about a 401 UNAUTHENTICATED (session expiry), not about a failed login', async () => {
    const handler = vi.fn();
    setUnauthenticatedHandler(handler);
    const expired = recordingFetch(401, { error: { code: 'UNAUTHENTICATED', message: 'Bitte melde dich an.' } });
    await expect(createApiClient(expired.fetchFn, () => null).get(ops.getUser, ok)).rejects.toThrow(ApiError);
    expect(handler).toHaveBeenCalledTimes(1);
    const mismatch = recordingFetch(401, {
      error: { code: 'LOGIN_MISMATCH', message: 'Passwort und E-Mail-Adresse passen nicht zusammen.' },
    });
    await expect(
      createApiClient(mismatch.fetchFn, () => null).send(ops.postAuthLogin, ok, {
        body: { email: 'a@b.at', password: 'x' },
      }),
    ).rejects.toThrow('Passwort und E-Mail-Adresse passen nicht zusammen.');
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('language of the answers (ADR 0042)', () => {
  it("asks for the app's language on every call, not the browser's", async () => {
    const { calls, fetchFn } = recordingFetch();
    const client = createApiClient(
      fetchFn,
      () => null,
      () => 'de-CH',
    );
    await client.get(ops.getUser, ok);
    await client.send(ops.postAuthLogin, ok, { body: { email: 'a@b.at', password: 'x' } });
    expect(calls.map((call) => headerOf(call, 'accept-language'))).toEqual(['de-CH', 'de-CH']);
  });

  it('asks for German before the translator is set up (the default locale)', async () => {
    const { calls, fetchFn } = recordingFetch();
    await createApiClient(fetchFn, () => null).get(ops.getUser, ok);
    expect(headerOf(calls[0], 'accept-language')).toBe('de-AT');
  });
});

describe('operations of the generated client (ADR 0037)', () => {
  it('fills the path parameters encoded and appends the non-empty query values', () => {
    expect(urlOf(ops.getAssetsById, { path: { id: 'a b/c' } })).toBe('/api/v2/assets/a%20b%2Fc');
    expect(urlOf(ops.getNotification, { query: { page: 0, pageSize: 20, cursor: undefined } })).toBe(
      '/api/v1/notification?page=0&pageSize=20',
    );
    expect(urlOf(ops.getUser)).toBe('/api/v1/user');
  });

  it('sends the method, the URL and the JSON body of the operation', async () => {
    const { calls, fetchFn } = recordingFetch();
    await createApiClient(fetchFn, () => null).send(ops.postNotificationByIdSeen, ok, { path: { id: 'n-1' } });
    expect(calls[0]).toMatchObject({ input: '/api/v1/notification/n-1/seen', init: { method: 'POST', body: '{}' } });
  });

  it('lets tsc refuse a wrong path parameter, a missing one and a wrong body', () => {
    const client = createApiClient(recordingFetch().fetchFn, () => null);
    const refused = () => {
      // @ts-expect-error: the operation's parameter is `id`
      void client.get(ops.getAssetsById, ok, { path: { assetId: 'x' } });
      // @ts-expect-error: the path parameter is required
      void client.get(ops.getAssetsById, ok);
      // @ts-expect-error: the login body has no `user`
      void client.send(ops.postAuthLogin, ok, { body: { user: 'x' } });
    };
    expect(refused).toBeTypeOf('function');
  });
});

describe('declared timeouts (spec section 7)', () => {
  it('gives launchpad calls 30 s and every other call 100 s', () => {
    expect(timeoutFor('/launchpad/api/v1/asset/preorder')).toBe(30_000);
    expect(timeoutFor('/api/v1/user')).toBe(100_000);
  });
});
