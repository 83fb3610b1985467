import {
  assetIdParams,
  cancelTransactionBody,
  dataEnvelope,
  IDEMPOTENCY_HEADER,
  idempotencyHeaders,
  initInvestmentBody,
  manualInvestmentBody,
  purchaseView,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import { buyFromIssuer, buyWithDrawnSignatures } from '../operations/buy-from-issuer.js';
import { cancelOwnPurchase } from '../operations/cancel-own-purchase.js';
import { refusals, tags } from './route-support.js';

/** Buying from the issuer (spec section 7, Assets and Launchpad; ADR 0010) and cancelling before it is signed. */
export const buyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/assets/initInvestment/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Buy shares from the issuer: checks, reserves shares and cash, creates the signing request',
        params: assetIdParams,
        headers: idempotencyHeaders,
        body: initInvestmentBody,
        response: { 200: dataEnvelope(purchaseView), ...refusals },
      },
    },
    async (request) => ({
      data: await buyFromIssuer(app, currentUser(request), {
        ...request.body,
        assetId: request.params.id,
        idempotencyKey: request.headers[IDEMPOTENCY_HEADER] ?? null,
      }),
    }),
  );

  app.post(
    '/launchpad/api/v1/asset/manual-investment',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Builder-owner purchase with the drawn signatures of its agreements',
        headers: idempotencyHeaders,
        body: manualInvestmentBody,
        response: { 200: dataEnvelope(purchaseView), ...refusals },
      },
    },
    async (request) => ({
      data: await buyWithDrawnSignatures(app, currentUser(request), {
        ...request.body,
        idempotencyKey: request.headers[IDEMPOTENCY_HEADER] ?? null,
      }),
    }),
  );

  app.post(
    '/api/v1/assets/cancelTransaction',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Cancel an unsigned purchase (or an unpaid builder-owner one): both reservations are released',
        body: cancelTransactionBody,
        response: { 200: dataEnvelope(purchaseView), ...refusals },
      },
    },
    async (request) => ({
      data: await cancelOwnPurchase(app, currentUser(request), request.body.transactionId),
    }),
  );
};
