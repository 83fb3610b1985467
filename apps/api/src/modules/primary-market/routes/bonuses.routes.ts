import {
  bonusCodeParams,
  bonusCodeView,
  bonusForInvestmentQuery,
  bonusForInvestmentResult,
  dataEnvelope,
  errorBody,
  useBonusCodeResult,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import { bonusForInvestment, getBonusCode } from '../operations/bonuses.js';
import { redeemBonusCode } from '../operations/redeem-bonus-code.js';
import { tags } from './route-support.js';

/** Bonuses at checkout (spec section 7, Utilities and bonuses). */
export const bonusesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/bonus/bonusForInvestment',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The biggest open bonus the user could apply to an investment on this market',
        querystring: bonusForInvestmentQuery,
        response: { 200: dataEnvelope(bonusForInvestmentResult), 400: errorBody, 401: errorBody },
      },
    },
    async (request) => ({
      data: { bonus: await bonusForInvestment(app.db, currentUser(request).userId, request.query.investmentType) },
    }),
  );

  app.get(
    '/api/v1/bonus/bonusCode/:code',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'What a bonus code is worth, or why it cannot be used',
        params: bonusCodeParams,
        response: { 200: dataEnvelope(bonusCodeView), 401: errorBody, 404: errorBody, 409: errorBody, 410: errorBody },
      },
    },
    async (request) => ({ data: await getBonusCode(app.db, currentUser(request).userId, request.params.code) }),
  );

  app.post(
    '/api/v1/bonus/bonusCode/use/:code',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Redeem a bonus code once; the bonus then applies at checkout',
        params: bonusCodeParams,
        response: {
          200: dataEnvelope(useBonusCodeResult),
          401: errorBody,
          404: errorBody,
          409: errorBody,
          410: errorBody,
        },
      },
    },
    async (request) => ({ data: await redeemBonusCode(app, currentUser(request), request.params.code) }),
  );
};
