import type { CreateBonusCampaignBody } from '@bw/contracts';
import { bonusCampaigns } from '@bw/db';
import { BIRTHDAY_TIERS } from '@bw/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createCampaign } from '../modules/bonuses/campaigns-admin.js';
import { findDefaultPartner } from '../modules/partners/partners.repo.js';
import { systemActor } from '../platform/audit.js';

const DAY_MS = 86_400_000;

/**
 * The demo's running campaigns (issue 35), created through the back office's operation
 * (`POST /admin/api/v1/bonus-campaigns`), each with its own validity period: a start bonus for
 * investors who register from now on, an app-store rating bonus, and the birthday promotion with
 * the spec's tiers ("100 EUR up to 1,000 invested, 550 up to 5,000, 1,200 up to 10,000"; ADR 0028).
 * Seeded after the demo investors, so their figures stay as the browser tests know them; a campaign
 * of the same kind and title is not created twice.
 */
export const demoCampaigns = (now: Date): Omit<CreateBonusCampaignBody, 'partnerId'>[] => [
  {
    kind: 'startBonus',
    title: 'Startbonus 50 €',
    amountCents: '5000',
    tiers: null,
    applicability: 'primaryAndSecondary',
    minimumInvestmentCents: '50000',
    bonusValidDays: 90,
    validFrom: now.toISOString(),
    validUntil: new Date(now.getTime() + 365 * DAY_MS).toISOString(),
    budgetCents: '1000000',
  },
  {
    kind: 'appStoreRating',
    title: 'Danke für deine Bewertung',
    amountCents: '1000',
    tiers: null,
    applicability: 'primaryAndSecondary',
    minimumInvestmentCents: '0',
    bonusValidDays: 90,
    validFrom: now.toISOString(),
    validUntil: new Date(now.getTime() + 365 * DAY_MS).toISOString(),
    budgetCents: '200000',
  },
  {
    kind: 'birthday',
    title: 'Geburtstagsbonus',
    amountCents: null,
    tiers: BIRTHDAY_TIERS.map((tier) => ({
      investedCents: tier.investedCents.toString(),
      bonusCents: tier.bonusCents.toString(),
    })),
    applicability: 'primaryAndSecondary',
    minimumInvestmentCents: '0',
    bonusValidDays: 90,
    validFrom: now.toISOString(),
    validUntil: new Date(now.getTime() + 60 * DAY_MS).toISOString(),
    budgetCents: '5000000',
  },
];

export const seedCampaigns = async (app: FastifyInstance, now: Date = new Date()): Promise<void> => {
  const partner = await findDefaultPartner(app.db);
  if (!partner) throw new Error('seed: no default partner');
  const actor = systemActor('demo-seed-marketing');
  for (const campaign of demoCampaigns(now)) {
    const [existing] = await app.db
      .select({ id: bonusCampaigns.id })
      .from(bonusCampaigns)
      .where(
        and(
          eq(bonusCampaigns.partnerId, partner.partnerId),
          eq(bonusCampaigns.kind, campaign.kind),
          eq(bonusCampaigns.title, campaign.title),
        ),
      );
    if (existing) continue;
    await createCampaign(app.db, actor, { ...campaign, partnerId: partner.partnerId }, now);
  }
};
