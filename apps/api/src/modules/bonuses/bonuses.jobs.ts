import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/registry.js';
import { endedUnsettledCampaigns, settleTieredCampaign } from './campaigns.js';

/** Tiered campaigns (the birthday bonus) are paid out once after they end: every night, and by staff on demand. */
export const settleCampaignsJob = defineJob({
  name: 'bonuses.settle-campaigns',
  payload: z.object({}),
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  handler: async (_payload, { db, outbox, log }) => {
    const now = new Date();
    for (const campaign of await endedUnsettledCampaigns(db, now)) {
      const outcome = await settleTieredCampaign(db, outbox, campaign, now);
      log.info(
        { campaignId: campaign.id, ...outcome, paidCents: outcome.paidCents.toString() },
        'bonus campaign settled',
      );
    }
  },
});

export const SETTLE_CAMPAIGNS_CRON = '40 2 * * *';
export const bonusJobs: JobDefinition[] = [settleCampaignsJob as JobDefinition];
