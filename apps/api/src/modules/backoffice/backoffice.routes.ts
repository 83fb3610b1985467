import type { FastifyPluginAsync } from 'fastify';
import { assetsAdminRoutes } from '../assets/admin/assets-admin.routes.js';
import { assetImagesRoutes } from '../assets/asset-images.routes.js';
import { auditRoutes } from '../audit/audit.routes.js';
import { autoInvestAdminRoutes } from '../auto-invest/auto-invest.routes.js';
import { affiliatesAdminRoutes } from '../bonuses/bonuses.routes.js';
import { campaignsAdminRoutes } from '../bonuses/campaigns.routes.js';
import { distributionProposalsAdminRoutes } from '../distributions/admin/distribution-proposals-admin.routes.js';
import { distributionsAdminRoutes } from '../distributions/admin/distributions-admin.routes.js';
import { forumModerationAdminRoutes } from '../forum/admin/moderation-admin.routes.js';
import { kycAdminRoutes } from '../identification/admin/kyc-admin.routes.js';
import { partnersAdminRoutes } from '../partners/admin/partners-admin.routes.js';
import { moneyAdminRoutes } from '../payments/admin/money-admin.routes.js';
import { primaryMarketAdminRoutes } from '../primary-market/admin/primary-market-admin.routes.js';
import { savingsAdminRoutes } from '../savings/savings.routes.js';
import { registerAdminRoutes } from '../share-register/register-admin.routes.js';
import { staffRoutes } from '../staff/staff.routes.js';
import { supportAdminRoutes } from '../support/admin/support-admin.routes.js';
import { investorsAdminRoutes } from '../users/admin/investors-admin.routes.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';

/**
 * Every admin route plugin of the back office (issue 21, ADR 0019). A later screen adds its
 * plugin here and its routes to backoffice/permissions.ts; the guards attach themselves.
 */
export const backofficeRoutes: FastifyPluginAsync = async (app) => {
  await app.register(staffRoutes);
  await app.register(auditRoutes);
  await app.register(assetsAdminRoutes);
  await app.register(investorsAdminRoutes);
  await app.register(savingsAdminRoutes);
  await app.register(autoInvestAdminRoutes);
  await app.register(kycAdminRoutes);
  await app.register(dashboardRoutes);
  await app.register(partnersAdminRoutes);
  await app.register(primaryMarketAdminRoutes);
  await app.register(moneyAdminRoutes);
  await app.register(affiliatesAdminRoutes);
  await app.register(campaignsAdminRoutes);
  await app.register(distributionsAdminRoutes);
  await app.register(distributionProposalsAdminRoutes);
  await app.register(registerAdminRoutes);
  await app.register(supportAdminRoutes);
  await app.register(forumModerationAdminRoutes);
  // The investors' side of the uploaded photos.
  await app.register(assetImagesRoutes);
};
