import type { AppConfig } from '@bw/contracts';
import { type Db, partners } from '@bw/db';
import { asc, eq } from 'drizzle-orm';

type PartnerRow = typeof partners.$inferSelect;

export const toAppConfig = (row: PartnerRow): AppConfig => ({
  appId: row.appId,
  partnerId: row.partnerId,
  name: row.name,
  colors: row.colors,
  appIcon: row.appIcon,
  featureFlags: row.featureFlags,
  introSlides: row.introSlides,
  appURL: row.appUrl,
  webAppURL: row.webAppUrl,
  domainUriPrefix: row.domainUriPrefix,
  androidPackageName: row.androidPackageName,
  iosBundleId: row.iosBundleId,
  appStoreId: row.appStoreId,
});

export const findPartnerByAppId = async (db: Db, appId: string): Promise<PartnerRow | undefined> =>
  (await db.select().from(partners).where(eq(partners.appId, appId)).limit(1))[0];

export const findPartnerByPartnerId = async (db: Db, partnerId: string): Promise<PartnerRow | undefined> =>
  (await db.select().from(partners).where(eq(partners.partnerId, partnerId)).limit(1))[0];

export const findDefaultPartner = async (db: Db): Promise<PartnerRow | undefined> =>
  (await db.select().from(partners).where(eq(partners.isDefault, true)).limit(1))[0];

export const listPartners = (db: Db): Promise<PartnerRow[]> =>
  db.select().from(partners).orderBy(asc(partners.sortOrder), asc(partners.appId));
