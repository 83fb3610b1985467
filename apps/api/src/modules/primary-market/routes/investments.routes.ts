import {
  dataEnvelope,
  errorBody,
  investmentsView,
  portfolioHistoryView,
  purchaseIdParams,
  purchaseView,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import { getOwnPurchase } from '../operations/get-own-purchase.js';
import { getInvestments } from '../operations/investments-view.js';
import { getPortfolioHistory } from '../operations/portfolio-history.js';
import { tags } from './route-support.js';

/** The investor's purchases and holdings (investments screen, purchase cards). */
export const investmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/assets/investment/:transactionId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'One purchase of the logged-in user, with its card state, payment request and notary date',
        params: purchaseIdParams,
        response: { 200: dataEnvelope(purchaseView), 401: errorBody, 404: errorBody },
      },
    },
    async (request) => ({
      data: await getOwnPurchase(app.db, currentUser(request).userId, request.params.transactionId),
    }),
  );

  app.get(
    '/api/v1/user/investments',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Holdings, open and past purchases of the logged-in user (investments screen)',
        response: { 200: dataEnvelope(investmentsView), 401: errorBody },
      },
    },
    async (request) => ({ data: await getInvestments(app.db, currentUser(request).userId) }),
  );

  app.get(
    '/api/v1/user/investments/history',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Market value and invested capital of the portfolio per day (investments chart)',
        response: { 200: dataEnvelope(portfolioHistoryView), 401: errorBody },
      },
    },
    async (request) => ({ data: await getPortfolioHistory(app.db, currentUser(request).userId) }),
  );
};
