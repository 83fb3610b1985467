import { describe, expect, it } from 'vitest';
import { type GateContext, gateNavigation } from './navigation-gate';

const desktop: GateContext = { online: true, platform: 'desktopWeb', loggedIn: true };
const phone: GateContext = { online: true, platform: 'mobileWeb', loggedIn: true };

describe('gateNavigation', () => {
  it('blocks routing while offline (spec section 4)', () => {
    expect(gateNavigation('/desktopWeb/account', '', { ...desktop, online: false })).toEqual({
      kind: 'redirect',
      to: '/networkError',
    });
    expect(gateNavigation('/networkError', '', { ...desktop, online: false })).toEqual({ kind: 'allow' });
  });

  it('sends a family that does not fit the device to the same screen in the right family', () => {
    expect(gateNavigation('/mobileWeb/support/writeUs', '', desktop)).toEqual({
      kind: 'redirect',
      to: '/desktopWeb/support/write-us',
    });
    expect(gateNavigation('/desktopWeb/asset/4/location-details', '', phone)).toEqual({
      kind: 'redirect',
      to: '/mobileWeb/asset/4/location-details',
    });
    expect(gateNavigation('/app/account', '?transaction=3', phone)).toEqual({
      kind: 'redirect',
      to: '/mobileWeb/account?transaction=3',
    });
  });

  it('shows the not-found page for unknown desktop paths, and the marketplace for unknown mobile ones', () => {
    expect(gateNavigation('/desktopWeb/does/not/exist', '', desktop)).toEqual({ kind: 'allow' });
    expect(gateNavigation('/mobileWeb/does-not-exist', '', phone)).toEqual({
      kind: 'redirect',
      to: '/mobileWeb/marketplace',
    });
  });

  it('resolves deep links', () => {
    expect(gateNavigation('/transaction/8', '', phone)).toEqual({
      kind: 'redirect',
      to: '/mobileWeb/account?transaction=8',
    });
  });

  it('sends guests asking for an account screen to login and keeps the target', () => {
    expect(gateNavigation('/desktopWeb/account', '', { ...desktop, loggedIn: false })).toEqual({
      kind: 'redirect',
      to: '/desktopWeb/login',
      saveTarget: { key: 'account', params: {} },
    });
    expect(gateNavigation('/desktopWeb/marketplace', '', { ...desktop, loggedIn: false })).toEqual({ kind: 'allow' });
  });

  it('lets general routes through', () => {
    expect(gateNavigation('/selectPartner', '', phone)).toEqual({ kind: 'allow' });
  });
});
