import { type AppConfig, DEFAULT_LEGAL_PROVIDERS, DEFAULT_MAP_SETTINGS, type MapSettings } from '@bw/contracts';
import { type Db, partners } from '@bw/db';
import { asc, eq } from 'drizzle-orm';

type PartnerRow = typeof partners.$inferSelect;

/** A partner's app config; the map is the operator's override, else the partner's, else the default. */
export const toAppConfig = (row: PartnerRow, mapOverride: MapSettings | null = null): AppConfig => ({
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
  map: mapOverride ?? row.map ?? DEFAULT_MAP_SETTINGS,
  legalProviders: row.legalProviders ?? DEFAULT_LEGAL_PROVIDERS,
});

export const findPartnerByAppId = async (db: Db, appId: string): Promise<PartnerRow | undefined> =>
  (await db.select().from(partners).where(eq(partners.appId, appId)).limit(1))[0];

export const findPartnerByPartnerId = async (db: Db, partnerId: string): Promise<PartnerRow | undefined> =>
  (await db.select().from(partners).where(eq(partners.partnerId, partnerId)).limit(1))[0];

export const findDefaultPartner = async (db: Db): Promise<PartnerRow | undefined> =>
  (await db.select().from(partners).where(eq(partners.isDefault, true)).limit(1))[0];

export const listPartners = (db: Db): Promise<PartnerRow[]> =>
  db.select().from(partners).orderBy(asc(partners.sortOrder), asc(partners.appId));
