import { describe, expect, it } from 'vitest';
import { appStoreLink, playStoreLink } from './store-links';

describe('store links from the app configuration', () => {
  it('point at the partner app in both stores', () => {
    const ids = { appStoreId: '1600000001', androidPackageName: 'at.brickwise.app' };
    expect(appStoreLink(ids)).toBe('https://apps.apple.com/app/id1600000001');
    expect(playStoreLink(ids)).toBe('https://play.google.com/store/apps/details?id=at.brickwise.app');
  });

  it('are missing when the configuration names no store entry', () => {
    expect(appStoreLink(null)).toBeNull();
    expect(playStoreLink({ appStoreId: '1600000001', androidPackageName: '' })).toBeNull();
  });
});
