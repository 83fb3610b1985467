import { describe, expect, it } from 'vitest';
import { chooseLocale } from './i18n';

describe('chooseLocale (spec section 9)', () => {
  it('is German on the web, whatever the browser language', () => {
    expect(chooseLocale('desktopWeb', ['en-US'])).toBe('de-AT');
    expect(chooseLocale('mobileWeb', ['en-US', 'de-DE'])).toBe('de-DE');
    expect(chooseLocale('desktopWeb', ['de-CH'])).toBe('de-CH');
  });

  it('follows the device language in the app, falling back to English', () => {
    expect(chooseLocale('app', ['en-US'])).toBe('en');
    expect(chooseLocale('app', ['de-AT'])).toBe('de-AT');
    expect(chooseLocale('app', ['fr-FR'])).toBe('en');
  });
});
