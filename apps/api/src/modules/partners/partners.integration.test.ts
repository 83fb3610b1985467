import { appConfig, featureFlagNames } from '@bw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('app config (spec section 3, App config)', () => {
  it('answers the demo partner with every field, all nine flags and intro slides', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/appConfig/demo' });
    expect(res.statusCode).toBe(200);
    const config = appConfig.parse(res.json().data);
    expect(config.partnerId).toBe('brickwise');
    expect(Object.keys(config.featureFlags).sort()).toEqual([...featureFlagNames].sort());
    expect(config.introSlides.length).toBeGreaterThan(0);
    expect(config.colors.brand).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('gives the second partner a different look', async () => {
    const [demo, alpen] = await Promise.all(
      ['demo', 'alpen'].map(async (id) => (await t.app.inject({ url: `/api/v1/appConfig/${id}` })).json().data),
    );
    expect(alpen.colors.brand).not.toBe(demo.colors.brand);
    expect(alpen.appIcon).not.toBe(demo.appIcon);
    expect(alpen.featureFlags.partnerSelectionPage).toBe(false);
  });

  it('lists all partners for the partner selection, in their order', async () => {
    const res = await t.app.inject({ url: '/api/v1/appConfig/' });
    expect(res.json().data.map((c: { appId: string }) => c.appId)).toEqual(['demo', 'alpen']);
    const noSlash = await t.app.inject({ url: '/api/v1/appConfig' });
    expect(noSlash.statusCode).toBe(200);
  });

  it('finds a partner by its web app origin, whatever the path', async () => {
    const res = await t.app.inject({
      url: '/api/v1/appConfig/webAppUrl',
      query: { webAppURL: 'http://localhost:3000/desktopWeb/marketplace' },
    });
    expect(res.json().data.appId).toBe('demo');
  });

  it('answers PARTNER_NOT_FOUND in German for an unknown app or origin', async () => {
    const unknownApp = await t.app.inject({ url: '/api/v1/appConfig/nope' });
    expect(unknownApp.statusCode).toBe(404);
    expect(unknownApp.json()).toEqual({
      error: { code: 'PARTNER_NOT_FOUND', message: 'Diesen Partner gibt es nicht.' },
    });
    const unknownOrigin = await t.app.inject({
      url: '/api/v1/appConfig/webAppUrl',
      query: { webAppURL: 'https://evil.example' },
    });
    expect(unknownOrigin.statusCode).toBe(404);
    const notAUrl = await t.app.inject({ url: '/api/v1/appConfig/webAppUrl', query: { webAppURL: 'not a url' } });
    expect(notAUrl.statusCode).toBe(400);
    expect(notAUrl.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('platform info (spec section 3, Platform info)', () => {
  it('returns the frontend version', async () => {
    const res = await t.app.inject({ url: '/api/v1/utils/frontendVersion' });
    expect(res.json()).toEqual({ data: { version: '1.7.5' } });
  });

  it('returns the feature flags of the partner named in the header, the default partner otherwise', async () => {
    const alpen = await t.app.inject({ url: '/api/v1/utils/featureFlags', headers: { 'x-partner-id': 'alpenanteil' } });
    expect(alpen.json().data.enableChart).toBe(false);
    const fallback = await t.app.inject({ url: '/api/v1/utils/featureFlags' });
    expect(fallback.json().data.enableChart).toBe(true);
    const unknown = await t.app.inject({ url: '/api/v1/utils/featureFlags', headers: { 'x-partner-id': 'ghost' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('returns fees in basis points, falling back to 0 where the partner sets none', async () => {
    const demo = await t.app.inject({ url: '/api/v1/utils/fees', headers: { 'x-partner-id': 'demo' } });
    expect(demo.json().data).toEqual({ transactionFeeBps: 100, brokerageFeeBps: 50, defaultFeeBps: 0 });
    const alpen = await t.app.inject({ url: '/api/v1/utils/fees', headers: { 'x-partner-id': 'alpen' } });
    expect(alpen.json().data).toEqual({ transactionFeeBps: 0, brokerageFeeBps: 0, defaultFeeBps: 0 });
  });

  it('tells the client how to open the realtime connection', async () => {
    const res = await t.app.inject({ url: '/api/v1/user/socketConnection' });
    expect(res.json().data).toMatchObject({ path: '/socket.io', transports: ['websocket', 'polling'] });
  });
});
