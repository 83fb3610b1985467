import { type Db, partners } from '@bw/db';
import { eq } from 'drizzle-orm';
import { createPartner } from '../modules/partners/admin/partners-admin.js';
import { systemActor } from '../platform/audit.js';
import { partnerSeeds } from './content/partners.js';

type PartnerSeed = (typeof partnerSeeds)[number];

/** A demo partner as the back office's "create a partner" takes it. */
const bodyOf = (seed: PartnerSeed) => ({
  appId: seed.appId,
  partnerId: seed.partnerId,
  name: seed.name,
  colors: seed.colors,
  appIcon: seed.appIcon,
  featureFlags: seed.featureFlags,
  introSlides: seed.introSlides ?? [],
  webAppURL: seed.webAppUrl,
  imprint: seed.imprint ?? '',
  supportEmail: seed.supportEmail ?? '',
  supportPhone: seed.supportPhone ?? '',
  appURL: seed.appUrl,
  domainUriPrefix: seed.domainUriPrefix,
  androidPackageName: seed.androidPackageName,
  iosBundleId: seed.iosBundleId,
  appStoreId: seed.appStoreId,
  transactionFeeBps: seed.transactionFeeBps ?? null,
  brokerageFeeBps: seed.brokerageFeeBps ?? null,
  ...(seed.legalProviders && { legalProviders: seed.legalProviders }),
  isDefault: seed.isDefault ?? false,
  sortOrder: seed.sortOrder ?? 1000,
});

/** The demo partners, made by the back office's operation (issue 21: no second path); a restart changes nothing. */
export const seedPartners = async (db: Db): Promise<void> => {
  for (const seed of partnerSeeds) {
    const [existing] = await db.select({ appId: partners.appId }).from(partners).where(eq(partners.appId, seed.appId));
    if (!existing) await createPartner(db, systemActor('demo-seed'), bodyOf(seed));
  }
};
