import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { getCaptureSession, getSignerRedirect, withExitUrl } from './provider-pages';

const answer = (status: number, body: unknown) =>
  createApiClient(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    () => 'csrf',
  );

/** The API says which provider is configured by answering its page, or 404 for the sandbox (ADR 0038). */
describe('the configured provider’s pages', () => {
  it('runs Onfido’s SDK when a capture session is answered, the upload screen on 404', async () => {
    const session = { provider: 'onfido', sdkToken: 'sdk.token', workflowRunId: 'run-1' };
    expect(await getCaptureSession(answer(200, { data: session }))).toEqual(session);
    expect(
      await getCaptureSession(answer(404, { error: { code: 'NOT_FOUND', message: 'Nicht gefunden.' } })),
    ).toBeNull();
  });

  it('passes an outage on with the API’s German text instead of falling back to the upload', async () => {
    const message = 'Unser Partnerdienst ist gerade nicht erreichbar. Bitte versuche es später nochmal.';
    await expect(
      getCaptureSession(answer(503, { error: { code: 'PROVIDER_UNAVAILABLE', message } })),
    ).rejects.toMatchObject({ status: 503, message });
  });

  it('knows Skribble’s signing page, or none, and sends the signer back to where they were', async () => {
    const url = 'https://my.skribble.com/view/abc?signer=abc-1';
    expect(await getSignerRedirect(answer(200, { data: { url } }))).toBe(url);
    expect(await getSignerRedirect(answer(404, { error: { code: 'NOT_FOUND', message: 'x' } }))).toBeNull();
    const back = withExitUrl(url, 'https://app.brickwise.example/desktopWeb/identification');
    const parsed = new URL(back);
    expect(parsed.searchParams.get('signer')).toBe('abc-1');
    expect(parsed.searchParams.get('exitURL')).toBe('https://app.brickwise.example/desktopWeb/identification');
  });
});
