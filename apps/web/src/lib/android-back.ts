import type { ScreenKey } from '../config/paths';

export type BackAction = 'exitApp' | 'toMarketplace' | 'confirmLeave' | 'goBack';

const tabRoots: ReadonlySet<ScreenKey> = new Set(['investments', 'account', 'inbox', 'support']);
/** The long flows whose progress a stray back press would abandon. */
const confirmBeforeLeaving: ReadonlySet<ScreenKey> = new Set([
  'identification',
  'knowledgeAndExperience',
  'buildingKnowledgeAndExperience',
]);

/**
 * Spec section 2, Android hardware back: marketplace exits the app; investments, account, inbox
 * and support go to the marketplace; identification and knowledge-and-experience ask first;
 * elsewhere go back, or to the marketplace when there is nothing to go back to.
 */
export const decideBackAction = (screen: ScreenKey | null, canGoBack: boolean): BackAction => {
  if (screen === 'marketplace') return 'exitApp';
  if (screen !== null && tabRoots.has(screen)) return 'toMarketplace';
  if (screen !== null && confirmBeforeLeaving.has(screen)) return 'confirmLeave';
  return canGoBack ? 'goBack' : 'toMarketplace';
};
