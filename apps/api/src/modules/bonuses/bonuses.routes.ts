import {
  affiliateIdParams,
  affiliateRow,
  affiliateUrlView,
  createAffiliateBody,
  dataEnvelope,
  errorBody,
  openBonusView,
  referralLinkView,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrors } from '../../platform/admin-errors.js';
import { staffActor } from '../../platform/staff-session.js';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { affiliateReport, affiliateUrl, createAffiliate } from './affiliates.js';
import { allOpenBonuses, referralLink } from './open-bonuses.js';

const tags = ['Bonuses'];

/** The referral programme and the user's open bonuses (spec section 7, Utilities and bonuses; issue 25). */
export const bonusesModuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/bonus/referralLink',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The verified investor's referral link and code, with the partner's terms",
        response: { 200: dataEnvelope(referralLinkView), 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => ({ data: await referralLink(app.db, app.config, currentUser(request).userId) }),
  );
  app.get(
    '/api/v1/bonus/allOpenBonuses',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Bonuses ready at checkout and referral bonuses still being earned, with progress',
        response: { 200: dataEnvelope(z.array(openBonusView)), 401: errorBody },
      },
    },
    async (request) => ({ data: await allOpenBonuses(app.db, currentUser(request).userId, new Date()) }),
  );
  app.get(
    '/api/v1/affiliate/id/:id/url',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "An affiliate partner's tracked registration URL",
        params: affiliateIdParams,
        response: { 200: dataEnvelope(affiliateUrlView), 404: errorBody },
      },
    },
    async (request) => ({ data: await affiliateUrl(app.db, app.config, request.params.id) }),
  );
};

/** Affiliates in the back office: create, and the registrations and investments each brought (issue 25). */
export const affiliatesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminTags = ['Back office: affiliates'];
  app.get(
    '/admin/api/v1/affiliates',
    {
      schema: {
        tags: adminTags,
        summary: 'Affiliates with registrations, verified investors and investments',
        response: { 200: dataEnvelope(z.array(affiliateRow)), ...adminErrors },
      },
    },
    async () => ({ data: await affiliateReport(app.db, app.config) }),
  );
  app.post(
    '/admin/api/v1/affiliates',
    {
      schema: {
        tags: adminTags,
        summary: 'Create an affiliate partner',
        body: createAffiliateBody,
        response: { 200: dataEnvelope(affiliateRow), ...adminErrors },
      },
    },
    async (request) => ({ data: await createAffiliate(app.db, app.config, staffActor(request), request.body) }),
  );
};
