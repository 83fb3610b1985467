import { describe, expect, it } from 'vitest';
import { detectPlatform } from './platform';

describe('detectPlatform (spec section 4 step 2)', () => {
  const browser = 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36';

  it('is app inside the native shell, whatever the width', () => {
    expect(detectPlatform({ userAgent: `${browser} BrickwiseNativeShell/1.7.5`, viewportWidthPx: 1280 })).toBe('app');
  });

  it('is mobileWeb under 601 px and desktopWeb from 601 px', () => {
    expect(detectPlatform({ userAgent: browser, viewportWidthPx: 600 })).toBe('mobileWeb');
    expect(detectPlatform({ userAgent: browser, viewportWidthPx: 601 })).toBe('desktopWeb');
  });
});
