import { describe, expect, it } from 'vitest';
import { decideBackAction } from './android-back';

describe('decideBackAction (spec section 2, Android hardware back)', () => {
  it('exits the app on the marketplace, even with history', () => {
    expect(decideBackAction('marketplace', true)).toBe('exitApp');
    expect(decideBackAction('marketplace', false)).toBe('exitApp');
  });

  it.each(['investments', 'account', 'inbox', 'support'] as const)('goes from %s to the marketplace', (screen) => {
    expect(decideBackAction(screen, true)).toBe('toMarketplace');
  });

  it.each(['identification', 'knowledgeAndExperience', 'buildingKnowledgeAndExperience'] as const)(
    'asks before leaving %s',
    (screen) => {
      expect(decideBackAction(screen, true)).toBe('confirmLeave');
      expect(decideBackAction(screen, false)).toBe('confirmLeave');
    },
  );

  it('goes back elsewhere, or to the marketplace when there is nothing to go back to', () => {
    expect(decideBackAction('asset', true)).toBe('goBack');
    expect(decideBackAction('asset', false)).toBe('toMarketplace');
    expect(decideBackAction(null, true)).toBe('goBack');
    expect(decideBackAction(null, false)).toBe('toMarketplace');
  });
});
