import type { FastifyInstance } from 'fastify';
import { findDefaultPartner } from '../modules/partners/partners.repo.js';
import { seedAssetTemplates } from './asset-templates.js';
import { seedCampaigns } from './campaigns.js';
import { endFinancingPhases, seedBonusCodes, seedCatalogue } from './catalogue.js';
import { assertSeedAllowed } from './demo-mode.js';
import { seedForum } from './forum.js';
import { demoInvestors, seedInvestor } from './investors.js';
import { seedDistribution, seedTrade } from './market.js';
import { seedPartners } from './partners.js';
import { seedDemoStaff } from './staff.js';

export type SeedStep = { name: string; run(app: FastifyInstance): Promise<void> };

/**
 * The one path for demo data (issue 17, ADR 0022), in order: partners (the back office's create
 * operation), the asset catalogue (created, reviewed with four eyes and published by the back
 * office's operations), bonus codes, asset templates, staff, investors (registered, onboarded and
 * identified through the sandbox, paid in through the payment provider's webhook, buying and
 * signing through their calls), the end of the financing phases, a bulletin-board trade, a
 * distribution, the forum's votings, the running bonus campaigns. Every step calls what a user or an operator triggers, and every step first looks
 * at what is there: a restart changes nothing, and a start after a crash in the middle finishes
 * what was begun.
 */
export const demoSeedSteps: SeedStep[] = [
  { name: 'partners', run: (app) => seedPartners(app.db) },
  { name: 'catalogue', run: (app) => seedCatalogue(app) },
  { name: 'bonus codes', run: (app) => seedBonusCodes(app) },
  {
    name: 'asset templates',
    run: async (app) => {
      await seedAssetTemplates(app.db);
    },
  },
  { name: 'staff', run: (app) => seedDemoStaff(app) },
  {
    name: 'investors, trade and distribution',
    run: async (app) => {
      if (!(await findDefaultPartner(app.db))) throw new Error('seed: no default partner');
      const seeded = [];
      for (const investor of demoInvestors) seeded.push(await seedInvestor(app, investor));
      await endFinancingPhases(app);
      const buyer = seeded.find((one) => one.investor.name === 'anna');
      const seller = seeded.find((one) => one.investor.name === 'ben');
      if (!buyer || !seller) throw new Error('seed: demo investors missing');
      await seedTrade(app, seller, buyer);
      await seedDistribution(app);
      await seedForum(app, seeded);
    },
  },
  // After the investors: their seeded figures stay as they were (ADR 0028 addendum).
  { name: 'bonus campaigns', run: (app) => seedCampaigns(app) },
];

/** Runs the demo seed on a ready app (it calls the app's own routes); refused outside demo mode. */
export const runDemoSeed = async (app: FastifyInstance): Promise<void> => {
  assertSeedAllowed(app.config);
  const started = Date.now();
  for (const step of demoSeedSteps) {
    const stepStarted = Date.now();
    await step.run(app);
    app.log.debug({ step: step.name, ms: Date.now() - stepStarted }, 'seed: step done');
  }
  app.log.info({ seed: 'demo', ms: Date.now() - started }, 'seed: demo seed done');
};
