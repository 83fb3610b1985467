/**
 * The database schema, one file per domain. drizzle-kit reads this index to generate migrations
 * (`npm run db:generate -- --name <what>`), so a domain's tables count once exported here.
 */

import * as accountCopies from './account-copies.js';
import * as assets from './assets.js';
import * as accounts from './auth.js';
import * as backoffice from './backoffice.js';
import * as bulletinBoard from './bulletin-board.js';
import * as distributions from './distributions.js';
import * as files from './files.js';
import * as forum from './forum.js';
import * as identification from './identification.js';
import * as knowledgeAndExperience from './knowledge-and-experience.js';
import * as ledger from './ledger.js';
import * as notifications from './notifications.js';
import * as onboarding from './onboarding.js';
import * as passkeys from './passkeys.js';
import * as payments from './payments.js';
import * as platform from './platform.js';
import * as primaryMarket from './primary-market.js';
import * as providers from './providers.js';
import * as register from './register.js';
import * as registration from './registration.js';
import * as reinvestment from './reinvestment.js';
import * as savings from './savings.js';
import * as securityApp from './security-app.js';
import * as settings from './settings.js';

export * from './account-copies.js';
export * from './assets.js';
export * from './auth.js';
export * from './backoffice.js';
export * from './bulletin-board.js';
export * from './distributions.js';
export * from './files.js';
export * from './forum.js';
export * from './identification.js';
export * from './knowledge-and-experience.js';
export * from './ledger.js';
export * from './notifications.js';
export * from './onboarding.js';
export * from './passkeys.js';
export * from './payments.js';
export * from './platform.js';
export * from './primary-market.js';
export * from './providers.js';
export * from './register.js';
export * from './registration.js';
export * from './reinvestment.js';
export * from './savings.js';
export * from './security-app.js';
export * from './settings.js';

export const schema = {
  ...platform,
  ...assets,
  ...accounts,
  ...ledger,
  ...payments,
  ...securityApp,
  ...onboarding,
  ...identification,
  ...primaryMarket,
  ...providers,
  ...registration,
  ...knowledgeAndExperience,
  ...bulletinBoard,
  ...backoffice,
  ...distributions,
  ...files,
  ...notifications,
  ...forum,
  ...settings,
  ...accountCopies,
  ...reinvestment,
  ...savings,
  ...passkeys,
  ...register,
};
export type Schema = typeof schema;
