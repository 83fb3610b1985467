import {
  bulletinIdParams,
  bulletinOffer,
  dataEnvelope,
  IDEMPOTENCY_HEADER,
  idempotencyHeaders,
  interestedPartyBody,
  interestedPartyResult,
  privateContactDetails,
  tradeIdBody,
  tradeProgressBody,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import { confirmTradeStep, leavePrivateTrade } from '../operations/private-trade-steps.js';
import { privateContactDetails as readPrivateContactDetails } from '../operations/read-offers.js';
import { registerInterest } from '../operations/register-interest.js';
import { errors, tags } from './route-support.js';

/** Trades on an offer: take it, and walk a private trade through its steps (ADR 0008). */
export const tradesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/bulletinboard/offer/interestedParty',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Take all (no `shares`) or part of an open offer: reserves your side; public: sign in the security app, then it settles; private: the trade starts at contactDetails',
        headers: idempotencyHeaders,
        body: interestedPartyBody,
        response: { 200: dataEnvelope(interestedPartyResult), ...errors },
      },
    },
    async (request) => ({
      data: await registerInterest(app, currentUser(request), {
        offerId: request.body.offerId,
        shares: request.body.shares,
        acceptedWarnings: request.body.acceptedWarnings,
        acknowledgedAppropriateness: request.body.acknowledgedAppropriateness,
        idempotencyKey: request.headers[IDEMPOTENCY_HEADER] ?? null,
      }),
    }),
  );

  app.get(
    '/api/v1/bulletinboard/offer/privateContactDetails/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Contact details of the counterparty of your private trades, by offer id or trade id',
        params: bulletinIdParams,
        response: { 200: dataEnvelope(privateContactDetails), ...errors },
      },
    },
    async (request) => ({
      data: await readPrivateContactDetails(app.db, currentUser(request).userId, request.params.id),
    }),
  );

  app.post(
    '/api/v1/bulletinboard/offer/progress',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Private trade: confirm the current step (contactDetails: buyer, sellerAcceptance: seller, payment: seller, buyerRelease: buyer, finalRelease: seller; signing happens in the security app)',
        body: tradeProgressBody,
        response: { 200: dataEnvelope(bulletinOffer), ...errors },
      },
    },
    async (request) => ({ data: await confirmTradeStep(app, currentUser(request), request.body) }),
  );

  app.post(
    '/api/v1/bulletinboard/offer/withdraw',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Private trade: either party leaves it before the payment step; its reservations are released and its shares go back on offer',
        body: tradeIdBody,
        response: { 200: dataEnvelope(bulletinOffer), ...errors },
      },
    },
    async (request) => ({ data: await leavePrivateTrade(app, currentUser(request), request.body.tradeId) }),
  );
};
