import { deATBonuses } from './de-at-bonuses.js';
import { deATBulletinBoard } from './de-at-bulletin-board.js';
import { deATFeedback } from './de-at-feedback.js';
import { deATForum } from './de-at-forum.js';
import { deATIdentification } from './de-at-identification.js';
import { deATInbox } from './de-at-inbox.js';
import { deATKnowledge } from './de-at-knowledge.js';
import { deATPersonalData } from './de-at-personal-data.js';
import { deATSettings } from './de-at-settings.js';
import { deATTrading } from './de-at-trading.js';

/**
 * The texts of screens that load lazily (onboarding, knowledge and experience, trading, the
 * bulletin board): a chunk of their own, so the marketplace's start does not carry them.
 */
export const deATFeatures = {
  ...deATIdentification,
  ...deATKnowledge,
  ...deATPersonalData,
  ...deATTrading,
  ...deATBulletinBoard,
  ...deATBonuses,
  ...deATInbox,
  ...deATFeedback,
  ...deATForum,
  ...deATSettings,
} as const;
