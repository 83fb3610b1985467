import {
  bulletinHoldings,
  bulletinIdParams,
  bulletinOffer,
  createOfferBody,
  dataEnvelope,
  errorBody,
  holdingsQuery,
  IDEMPOTENCY_HEADER,
  idempotencyHeaders,
  interestedPartyBody,
  interestedPartyResult,
  offerIdBody,
  offerSigningRequests,
  offersQuery,
  privateContactDetails,
  tradeIdBody,
  tradeProgressBody,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { onSigningRequestResolved } from '../security-app/signing-requests.js';
import { advancePrivateTrade, withdrawPrivateTrade } from './operations/advance-private-trade.js';
import { createOffer } from './operations/create-offer.js';
import { deleteOffer } from './operations/delete-offer.js';
import { getHoldings } from './operations/holdings.js';
import {
  getOffer,
  offerSigningRequests as listOfferSigningRequests,
  listOffers,
  privateContactDetails as readPrivateContactDetails,
} from './operations/read-offers.js';
import { onOfferSigningOutcome } from './operations/signing-outcome.js';
import { takeOffer } from './operations/take-offer.js';

const tags = ['Bulletin board'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

/**
 * Spec section 7, Bulletin board, plus the reads the offer-overview screens need (ADR 0008).
 * Every call that moves money or shares takes an optional `Idempotency-Key`.
 */
export const bulletinBoardRoutes: FastifyPluginAsyncZod = async (app) => {
  const unregister = onSigningRequestResolved('offer', onOfferSigningOutcome(app.outbox));
  app.addHook('onClose', async () => unregister());

  app.post(
    '/api/v1/bulletinboard/offer',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Create a buy or sell offer: reserves shares (sell) or cash + fee (buy), asks for the signature in the security app; `new` until signed, then `open`',
        headers: idempotencyHeaders,
        body: createOfferBody,
        response: { 200: dataEnvelope(bulletinOffer), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const now = new Date();
      const { offerId } = await createOffer(app.db, app.outbox, {
        userId: user.userId,
        body: request.body,
        idempotencyKey: request.headers[IDEMPOTENCY_HEADER] ?? null,
        now,
      });
      app.bus.publishUserUpdate(user.email, 'signingRequest');
      return { data: await getOffer(app.db, user.userId, offerId, now.getTime()) };
    },
  );

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
    async (request) => {
      const user = currentUser(request);
      const now = new Date();
      const { offerId, tradeId } = await takeOffer(app.db, app.outbox, {
        userId: user.userId,
        offerId: request.body.offerId,
        shares: request.body.shares,
        idempotencyKey: request.headers[IDEMPOTENCY_HEADER] ?? null,
        now,
      });
      app.bus.publishUserUpdate(user.email, 'signingRequest');
      const offer = await getOffer(app.db, user.userId, offerId, now.getTime());
      const trade = offer.trades.find((t) => t.tradeId === tradeId);
      if (!trade) throw new AppError('OFFER_TRADE_NOT_FOUND');
      return { data: { offer, trade } };
    },
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
    '/api/v1/bulletinboard/offer/signingRequest',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Your signing requests for an offer (the offer's own for its owner, and your trades')",
        body: offerIdBody,
        response: { 200: dataEnvelope(offerSigningRequests), ...errors },
      },
    },
    async (request) => ({
      data: await listOfferSigningRequests(app.db, currentUser(request).userId, request.body.offerId),
    }),
  );

  app.post(
    '/api/v1/bulletinboard/offer/deleteRequest',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Delete your offer: what nobody has taken is released; trades in progress finish on their own',
        body: offerIdBody,
        response: { 200: dataEnvelope(bulletinOffer), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await deleteOffer(app.db, app.outbox, { userId: user.userId, offerId: request.body.offerId });
      app.bus.publishUserUpdate(user.email, 'bulletinBoard');
      return { data: await getOffer(app.db, user.userId, request.body.offerId, Date.now()) };
    },
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
    async (request) => {
      const user = currentUser(request);
      const now = new Date();
      const { offerId } = await advancePrivateTrade(app.db, app.outbox, {
        userId: user.userId,
        tradeId: request.body.tradeId,
        step: request.body.step,
        now,
      });
      return { data: await getOffer(app.db, user.userId, offerId, now.getTime()) };
    },
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
    async (request) => {
      const user = currentUser(request);
      const { offerId } = await withdrawPrivateTrade(app.db, app.outbox, {
        userId: user.userId,
        tradeId: request.body.tradeId,
      });
      return { data: await getOffer(app.db, user.userId, offerId, Date.now()) };
    },
  );

  app.get(
    '/api/v1/bulletinboard/offer/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'One offer with your trades and the private-trade progress (offer overviews)',
        params: bulletinIdParams,
        response: { 200: dataEnvelope(bulletinOffer), ...errors },
      },
    },
    async (request) => ({
      data: await getOffer(app.db, currentUser(request).userId, request.params.id, Date.now()),
    }),
  );

  app.get(
    '/api/v1/bulletinboard/offers',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Open offers to take, cheapest first (privateUser: private ones only); `mine=true`: your offers and trades',
        querystring: offersQuery,
        response: { 200: dataEnvelope(z.array(bulletinOffer)), ...errors },
      },
    },
    async (request) => ({
      data: await listOffers(app.db, currentUser(request).userId, request.query, Date.now()),
    }),
  );

  app.get(
    '/api/v1/bulletinboard/holdings',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Your shares per asset with availableShares (processed user view) and your available cash',
        querystring: holdingsQuery,
        response: { 200: dataEnvelope(bulletinHoldings), ...errors },
      },
    },
    async (request) => ({ data: await getHoldings(app.db, currentUser(request).userId, request.query.assetId) }),
  );
};
