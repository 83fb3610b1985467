import {
  appRatingBody,
  appRatingResult,
  bonusCampaignRow,
  campaignSettlement,
  createBonusCampaignBody,
  dataEnvelope,
  errorBody,
  uuidParams,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrors } from '../../platform/admin-errors.js';
import { staffActor } from '../../platform/staff-session.js';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { grantCampaignBonuses } from './campaigns.js';
import { createCampaign, disableCampaign, listCampaigns, settleCampaign } from './campaigns-admin.js';

/** The investor's side of the campaigns: rating the app earns the rating bonus while a campaign runs (issue 25). */
export const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/bonus/appRating',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Bonuses'],
        summary: 'The investor rated the app: grants the rating bonus once while a campaign runs',
        body: appRatingBody,
        response: { 200: dataEnvelope(appRatingResult), 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      const granted = await grantCampaignBonuses(app.db, {
        userId: currentUser(request).userId,
        kind: 'appStoreRating',
        now: new Date(),
      });
      return {
        data: { granted: granted.map((bonus) => ({ title: bonus.title, amount: bonus.amountCents.toString() })) },
      };
    },
  );
};

/** Start, rating and tiered campaigns in the back office (issue 25). */
export const campaignsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Back office: bonus campaigns'];
  app.get(
    '/admin/api/v1/bonus-campaigns',
    {
      schema: {
        tags,
        summary: 'Every campaign with its budget, grants and state',
        response: { 200: dataEnvelope(z.array(bonusCampaignRow)), ...adminErrors },
      },
    },
    async () => ({ data: await listCampaigns(app.db, new Date()) }),
  );
  app.post(
    '/admin/api/v1/bonus-campaigns',
    {
      schema: {
        tags,
        summary: 'Create a start, app-rating or tiered (birthday) campaign',
        body: createBonusCampaignBody,
        response: { 200: dataEnvelope(bonusCampaignRow), ...adminErrors },
      },
    },
    async (request) => ({ data: await createCampaign(app.db, staffActor(request), request.body, new Date()) }),
  );
  app.post(
    '/admin/api/v1/bonus-campaigns/:id/disable',
    {
      schema: {
        tags,
        summary: 'End a campaign early',
        params: uuidParams,
        response: { 200: dataEnvelope(bonusCampaignRow), ...adminErrors },
      },
    },
    async (request) => ({ data: await disableCampaign(app.db, staffActor(request), request.params.id, new Date()) }),
  );
  app.post(
    '/admin/api/v1/bonus-campaigns/:id/settle',
    {
      schema: {
        tags,
        summary: 'Pay out a tiered campaign that ended (once per investor)',
        params: uuidParams,
        response: { 200: dataEnvelope(campaignSettlement), ...adminErrors },
      },
    },
    async (request) => ({
      data: await settleCampaign(app.db, app.outbox, staffActor(request), request.params.id, new Date()),
    }),
  );
};
