import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLoggedInUser } from '../auth/auth.test-support.js';

/** The server's log lines (pino writes synchronously to fd 1). */
let logged = '';
let t: TestApp;
beforeAll(async () => {
  // pino's sonic-boom writes to fd 1 with fs.write or fs.writeSync; keep fd 1's text, pass the rest on.
  const realWrite = fs.write.bind(fs);
  const realWriteSync = fs.writeSync.bind(fs);
  const capture = (data: unknown): number => {
    const text = typeof data === 'string' ? data : Buffer.from(data as Uint8Array).toString('utf8');
    logged += text;
    return Buffer.byteLength(text);
  };
  vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) =>
    fd === 1 ? capture(data) : Reflect.apply(realWriteSync, fs, [fd, data, ...rest])) as typeof fs.writeSync);
  vi.spyOn(fs, 'write').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
    if (fd !== 1) return Reflect.apply(realWrite, fs, [fd, data, ...rest]);
    const written = capture(data);
    const callback = rest.find((arg) => typeof arg === 'function') as
      | ((error: null, bytes: number) => void)
      | undefined;
    if (callback) process.nextTick(() => callback(null, written));
  }) as typeof fs.write);
  t = await createTestApp({ env: { LOG_LEVEL: 'trace' } });
});
afterAll(async () => {
  await t.close();
  vi.restoreAllMocks();
});

describe('no personal data in logs', () => {
  it('logs the onboarding calls by route, without the numbers, dates, places or messages about them', async () => {
    const user = await createLoggedInUser(t.app);
    const put = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url, headers: user.headers, payload });
    await put('/api/v2/user/phone', { phone: '0664 9876543' });
    await put('/api/v2/user/phone', { phone: '0664-98765x' });
    await put('/api/v2/user/personalInformation/address', {
      street: 'Schönbrunner Schlossstraße 47',
      postcode: '1130',
      city: 'Wien',
      domicile: 'AT',
    });
    await put('/api/v2/user/personalInformation/birthDate', { birthDate: '1977-11-23' });
    await put('/api/v2/user/personalInformation/birthDate', { birthDate: '2015-11-23' });
    await put('/api/v2/user/personalInformation/birthPlace', { birthCountry: 'AT', birthCity: 'Klagenfurt' });
    await put('/api/v2/user/personalInformation/socialSecurityNumber', { socialSecurityNumber: '1237010180' });
    await put('/api/v2/user/account/taxId', { taxId: '86095742719', country: 'DE' });
    await put('/api/v2/user/account/taxId', { taxId: '47036892815', country: 'DE' });

    expect(logged).toContain('/api/v2/user/personalInformation/address');
    for (const secret of [
      '9876543',
      '98765x',
      'Schönbrunner',
      '1977-11-23',
      '2015-11-23',
      'Klagenfurt',
      '1237010180',
      '86095742719',
      '47036892815',
      user.email,
    ]) {
      expect(logged).not.toContain(secret);
    }
  });
});
