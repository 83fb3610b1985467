import {
  bulletinHoldings,
  bulletinIdParams,
  bulletinOffer,
  createOfferBody,
  dataEnvelope,
  holdingsQuery,
  IDEMPOTENCY_HEADER,
  idempotencyHeaders,
  offerIdBody,
  offerSigningRequests,
  offersQuery,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import { getHoldings } from '../operations/holdings.js';
import { placeOffer } from '../operations/place-offer.js';
import { getOffer, offerSigningRequests as listOfferSigningRequests, listOffers } from '../operations/read-offers.js';
import { requestOfferDeletion } from '../operations/request-offer-deletion.js';
import { errors, tags } from './route-support.js';

/** Offers (spec section 7, Bulletin board): place, delete, read, list; the holdings to offer from. */
export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => ({
      data: await placeOffer(app, currentUser(request), {
        body: request.body,
        idempotencyKey: request.headers[IDEMPOTENCY_HEADER] ?? null,
      }),
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
    async (request) => ({ data: await requestOfferDeletion(app, currentUser(request), request.body.offerId) }),
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
