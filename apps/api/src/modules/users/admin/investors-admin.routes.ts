import {
  dataEnvelope,
  errorBody,
  investorDetail,
  investorMessageBody,
  investorRow,
  investorSearchQuery,
  lockBody,
  resendEmailBody,
  uuidParams,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffActor } from '../../../platform/staff-session.js';
import {
  findInvestors,
  getInvestorDetail,
  resendInvestorEmail,
  sendInvestorMessage,
  setInvestorLock,
} from './investors-admin.js';

const tags = ['Back office: investors'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
const detail = { 200: dataEnvelope(investorDetail), ...errors };

/** Investors: search, everything about one, lock and unlock, e-mails again (issue 21). */
export const investorsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/api/v1/investors',
    {
      schema: {
        tags,
        summary: 'Search investors by name, e-mail or IBAN',
        querystring: investorSearchQuery,
        response: { 200: dataEnvelope(z.array(investorRow)), ...errors },
      },
    },
    async (request) => ({ data: await findInvestors(app.db, request.query.search) }),
  );
  app.get(
    '/admin/api/v1/investors/:id',
    {
      schema: {
        tags,
        summary: 'Profile, identification, agreements, holdings and history',
        params: uuidParams,
        response: detail,
      },
    },
    async (request) => ({ data: await getInvestorDetail(app.db, request.params.id) }),
  );
  app.post(
    '/admin/api/v1/investors/:id/lock',
    {
      schema: {
        tags,
        summary: 'Lock the account: no login, sessions end',
        params: uuidParams,
        body: lockBody,
        response: detail,
      },
    },
    async (request) => ({
      data: await setInvestorLock(app, staffActor(request), request.params.id, {
        locked: true,
        reason: request.body.reason,
      }),
    }),
  );
  app.post(
    '/admin/api/v1/investors/:id/unlock',
    { schema: { tags, summary: 'Unlock the account', params: uuidParams, body: lockBody, response: detail } },
    async (request) => ({
      data: await setInvestorLock(app, staffActor(request), request.params.id, {
        locked: false,
        reason: request.body.reason,
      }),
    }),
  );
  app.post(
    '/admin/api/v1/investors/:id/emails',
    {
      schema: {
        tags,
        summary: 'Send an e-mail again (verification link, identification result)',
        params: uuidParams,
        body: resendEmailBody,
        response: { 200: dataEnvelope(z.object({ sent: z.literal(true) })), ...errors },
      },
    },
    async (request) => ({
      data: await resendInvestorEmail(app, request, staffActor(request), request.params.id, request.body.kind),
    }),
  );
  app.post(
    '/admin/api/v1/investors/:id/messages',
    {
      schema: {
        tags,
        summary: 'Write the investor a message: an inbox entry of type text, pushed and e-mailed by their settings',
        params: uuidParams,
        body: investorMessageBody,
        response: { 200: dataEnvelope(z.object({ messageId: z.uuid() })), ...errors },
      },
    },
    async (request) => ({
      data: await sendInvestorMessage(app, staffActor(request), request.params.id, request.body),
    }),
  );
};
