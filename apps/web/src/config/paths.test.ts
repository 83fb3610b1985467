import { describe, expect, it } from 'vitest';
import { parseLocation } from '../lib/screen-match';
import { families, paths, screenForFamily, screenHref, screenKeys, screenPattern } from './paths';

describe('paths (spec section 2)', () => {
  it('has the app/mobileWeb screens of the spec under both prefixes', () => {
    const mobile = [
      'marketplace',
      'investments',
      'account',
      'inbox',
      'inbox/:id',
      'support',
      'support/writeUs',
      'support/callBack',
      'login',
      'biometricLogin',
      'introSlides',
      'selectPartner',
      'register',
      'company-registration',
      'identification',
      'knowledge-and-experience',
      'reset-password',
      'settings',
      'imprint-details',
      'security-app-integration',
      'update-security-app',
      'private-security-app',
      'asset/:id',
      'asset/:id/:subpage',
      'asset/:id/imprint-info',
      'investment/:id',
      'powerplant-portfolio-investment/:id',
      'partner-investment/:id',
      'building-investment/:id',
      'trading/:id',
      'buy-offer-overview/:id',
      'trading-offer-overview/:id',
      'updateApp',
      'biometrics',
      'notifications',
      'add-payout',
    ];
    const app = screenKeys.map((key) => screenPattern('app', key)).filter(Boolean);
    expect([...app].sort()).toEqual([...mobile].sort());
    const mobileWeb = screenKeys.map((key) => screenPattern('mobileWeb', key)).filter(Boolean);
    expect([...mobileWeb].sort()).toEqual(
      [...mobile, 'continue-on-native', 'building/knowledge-and-experience'].sort(),
    );
  });

  it('has the desktop screens of the spec', () => {
    const desktop = screenKeys.map((key) => screenPattern('desktopWeb', key)).filter(Boolean);
    expect([...desktop].sort()).toEqual(
      [
        'comingSoon',
        'continue-on-mobile',
        'login',
        'reset-password',
        'register',
        'company-registration',
        'identification',
        'imprint-details',
        'marketplace',
        'investments',
        'account',
        'inbox',
        'settings',
        'knowledge-and-experience',
        'building/knowledge-and-experience',
        'support',
        'support/write-us',
        'support/call-back',
        'asset/:id/details',
        'asset/:id/asset-info',
        'asset/:id/location-details',
        'asset/:id/investment-details',
        'asset/:id/rent-details',
        'asset/:id/asset-records',
        'asset/:id/imprint-info',
        'building-investment/:id',
        'powerplant-portfolio-investment/:id',
        'partner-investment/:id',
        'investment/:id',
        'trading/:id',
        'trading/:id/buy/:offerId',
        'trading/:id/sell/:offerId',
        'trading/:id/create-buy-offer',
        'trading/:id/create-sell-offer',
      ].sort(),
    );
  });

  it('has the general routes', () => {
    expect(Object.values(paths.general).sort()).toEqual(
      [
        '/',
        '/networkError',
        '/downloadMobileApp',
        '/finishExternalAuth',
        '/redirect',
        '/verify/:token',
        '/password-reset/:token',
        '/selectPartner',
        '/dev/mailbox',
      ].sort(),
    );
  });

  it('maps every screen of every family to a path that parses back to a screen there', () => {
    for (const family of families) {
      for (const key of screenKeys) {
        const href = screenHref(family, { key, params: { id: '1', subpage: 'documents', offerId: '2' } });
        const location = parseLocation(href);
        expect(location.kind, href).toBe('screen');
        if (location.kind === 'screen') expect(location.screen, href).not.toBeNull();
      }
    }
  });

  it('translates screens between families', () => {
    expect(screenHref('desktopWeb', { key: 'supportWriteUs' })).toBe('/desktopWeb/support/write-us');
    expect(screenHref('mobileWeb', { key: 'supportWriteUs' })).toBe('/mobileWeb/support/writeUs');
    expect(screenHref('app', { key: 'assetInfo', params: { id: '3' } })).toBe('/app/asset/3/asset-info');
    expect(screenHref('desktopWeb', { key: 'inboxItem', params: { id: '3' } })).toBe('/desktopWeb/inbox');
    expect(screenHref('app', { key: 'continueOnNative' })).toBe('/app/marketplace');
    expect(screenHref('desktopWeb', { key: 'account', search: 'transaction=5' })).toBe(
      '/desktopWeb/account?transaction=5',
    );
    expect(screenForFamily({ key: 'tradingBuy', params: { id: '1', offerId: '9' } }, 'app')).toEqual({
      key: 'buyOfferOverview',
      params: { id: '9' },
    });
  });

  it('prefers static segments over parameters', () => {
    expect(parseLocation('/app/asset/5/imprint-info')).toEqual({
      kind: 'screen',
      family: 'app',
      screen: { key: 'assetImprintInfo', params: { id: '5' } },
    });
  });

  it('tells unknown family paths, general routes and deep links apart', () => {
    expect(parseLocation('/desktopWeb/nope')).toEqual({ kind: 'screen', family: 'desktopWeb', screen: null });
    expect(parseLocation('/verify/abc')).toEqual({ kind: 'general', key: 'verify', params: { token: 'abc' } });
    expect(parseLocation('/forum/3')).toEqual({ kind: 'deepLink', path: '/forum/3' });
    expect(parseLocation('/')).toEqual({ kind: 'root' });
  });
});
