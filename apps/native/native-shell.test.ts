import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ES module without types
import { partnerVariant } from './scripts/partner-variant.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);

const appConfig = {
  appId: 'alpen',
  name: 'Alpenanteil',
  colors: { brand: '#E8A33D' },
  webAppURL: 'https://app.alpenanteil.example/',
  androidPackageName: 'at.alpenanteil.app',
  iosBundleId: 'at.alpenanteil.app',
  appStoreId: '1600000002',
};

describe('partner variant (ADR 0029)', () => {
  it('takes the store ids, name, brand colour and the https web app of the partner', () => {
    expect(partnerVariant(appConfig)).toEqual({
      appId: 'at.alpenanteil.app',
      iosBundleId: 'at.alpenanteil.app',
      appName: 'Alpenanteil',
      partnerAppId: 'alpen',
      brandColor: '#e8a33d',
      serverUrl: 'https://app.alpenanteil.example/app',
      hostname: 'app.alpenanteil.example',
      appStoreId: '1600000002',
    });
  });

  it('refuses a store build against a plain-http web app, bad ids and a missing colour', () => {
    expect(() => partnerVariant({ ...appConfig, webAppURL: 'http://localhost:3000' })).toThrow(/https/);
    expect(() => partnerVariant({ ...appConfig, androidPackageName: 'alpen' })).toThrow(/Store identifiers/);
    expect(() => partnerVariant({ ...appConfig, colors: {} })).toThrow(/brand colour/);
  });
});

describe('npx cap sync', () => {
  it('runs clean without any SDK and registers every plugin on both platforms', () => {
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-cap-web-'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Brickwise</title>');
    const result = spawnSync('npx', ['cap', 'sync'], {
      cwd: here,
      encoding: 'utf8',
      env: { ...process.env, CAP_WEB_DIR: web, CI: 'true' },
      timeout: 120_000,
    });
    fs.rmSync(web, { recursive: true, force: true });
    expect(result.stderr).not.toMatch(/\[error\]/);
    expect(result.status).toBe(0);
    const androidPlugins = JSON.parse(
      fs.readFileSync(path.join(here, 'android/app/src/main/assets/capacitor.plugins.json'), 'utf8'),
    ) as { pkg: string }[];
    const expected = [
      '@aparajita/capacitor-biometric-auth',
      '@aparajita/capacitor-secure-storage',
      '@capacitor-community/in-app-review',
      '@capacitor/app',
      '@capacitor/push-notifications',
      '@capacitor/share',
      '@capacitor/splash-screen',
      '@capacitor/status-bar',
      '@capacitor/device',
    ];
    expect(androidPlugins.map((plugin) => plugin.pkg).sort()).toEqual(expected.sort());
    const iosConfig = JSON.parse(fs.readFileSync(path.join(here, 'ios/App/App/capacitor.config.json'), 'utf8')) as {
      appendUserAgent: string;
      packageClassList: string[];
    };
    expect(iosConfig.appendUserAgent).toMatch(/^BrickwiseNativeShell\//);
    expect(iosConfig.packageClassList).toContain('BiometricAuthNative');
  }, 120_000);
});
