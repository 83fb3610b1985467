import type { Db } from '../connection.js';
import { partners } from '../schema/index.js';
import { seedAssets } from './assets.js';
import { partnerSeeds } from './partners.js';
import { seedPrimaryMarket } from './primary-market.js';

/**
 * Seeds the demo data of the embedded default. Existing rows are left alone, so an operator's
 * changes survive a restart and running the seed twice changes nothing.
 */
export const seedDemo = async (db: Db): Promise<void> => {
  await db.insert(partners).values(partnerSeeds).onConflictDoNothing();
  await seedAssets(db);
  await seedPrimaryMarket(db);
};
