import { describe, expect, it } from 'vitest';
import { screenHref } from '../config/paths';
import { resolveDeepLink } from './deep-links';

describe('resolveDeepLink (spec section 2)', () => {
  it.each([
    ['register/tok-1', '/app/register?verificationToken=tok-1'],
    ['/password-reset/abc', '/app/reset-password?passwordToken=abc'],
    ['forum/42', '/app/asset/42'],
    ['transaction/t-9', '/app/account?transaction=t-9'],
    ['asset/7', '/app/asset/7'],
    ['assets/7', '/app/asset/7'],
    ['asset/7/documents', '/app/asset/7/documents'],
    ['assets/7/documents', '/app/asset/7/documents'],
    ['asset/7/imprint-info', '/app/asset/7/imprint-info'],
    ['settings/imprintDetails', '/app/settings?option=imprintDetails'],
    ['imprint', '/app/imprint-details'],
    ['verify/v-1', '/app/register?verificationToken=v-1'],
    ['', '/app/marketplace'],
    ['nothing/here', '/app/marketplace'],
    ['forum', '/app/marketplace'],
    ['asset/7/a/b', '/app/marketplace'],
  ])('%s → %s', (link, href) => {
    expect(screenHref('app', resolveDeepLink(link))).toBe(href);
  });

  it('reads https and app-scheme URLs', () => {
    expect(resolveDeepLink('https://brickwise.example/forum/5?x=1')).toEqual({ key: 'asset', params: { id: '5' } });
    expect(resolveDeepLink('brickwise://transaction/8')).toEqual({ key: 'account', search: 'transaction=8' });
  });

  it('keeps ids as one path segment, even with slashes or query characters encoded inside', () => {
    expect(screenHref('app', resolveDeepLink('forum/a%2Fb'))).toBe('/app/asset/a%2Fb');
    expect(screenHref('app', resolveDeepLink('register/a%26b'))).toBe('/app/register?verificationToken=a%26b');
  });

  it('resolves to the desktop screens on desktop', () => {
    expect(screenHref('desktopWeb', resolveDeepLink('forum/42'))).toBe('/desktopWeb/asset/42/details');
    expect(screenHref('desktopWeb', resolveDeepLink('asset/42/location-details'))).toBe(
      '/desktopWeb/asset/42/location-details',
    );
    expect(screenHref('desktopWeb', resolveDeepLink('asset/42/documents'))).toBe('/desktopWeb/asset/42/details');
    expect(screenHref('desktopWeb', resolveDeepLink('password-reset/abc'))).toBe(
      '/desktopWeb/reset-password?passwordToken=abc',
    );
  });

  it('falls back to the marketplace on a malformed link', () => {
    expect(resolveDeepLink('forum/%E0%A4%A')).toEqual({ key: 'marketplace' });
  });
});
