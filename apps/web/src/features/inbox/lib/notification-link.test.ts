import { describe, expect, it } from 'vitest';
import { screenHref } from '../../../config/paths';
import { openLabelOf, screenRefOfLink } from './notification-link';

describe('screenRefOfLink', () => {
  it('finds the screen of every link the API writes', () => {
    expect(screenRefOfLink('account')).toEqual({ key: 'account' });
    expect(screenRefOfLink('investments')).toEqual({ key: 'investments' });
    expect(screenRefOfLink('identification')).toEqual({ key: 'identification' });
    expect(screenRefOfLink('knowledge-and-experience')).toEqual({ key: 'knowledgeAndExperience' });
    expect(screenRefOfLink('investment/wien-1')).toEqual({ key: 'investment', params: { id: 'wien-1' } });
    expect(screenRefOfLink('trading/wien-1')).toEqual({ key: 'trading', params: { id: 'wien-1' } });
    expect(screenRefOfLink('asset/wien-1/forum')).toEqual({
      key: 'assetSubpage',
      params: { id: 'wien-1', subpage: 'forum' },
    });
  });

  it('answers null for no link and for paths that are no screen', () => {
    expect(screenRefOfLink(null)).toBeNull();
    expect(screenRefOfLink('')).toBeNull();
    expect(screenRefOfLink('gibt/es/nicht/so')).toBeNull();
    expect(screenRefOfLink('investment/')).toBeNull();
  });

  it('links to the same screen in each family, with its German label', () => {
    const ref = screenRefOfLink('trading/wien-1');
    if (!ref) throw new Error('no screen');
    expect(screenHref('app', ref)).toBe('/app/trading/wien-1');
    expect(screenHref('desktopWeb', ref)).toBe('/desktopWeb/trading/wien-1');
    expect(openLabelOf(ref.key)).toBe('inbox.openTrading');
    expect(openLabelOf('support')).toBe('inbox.open');
  });
});
