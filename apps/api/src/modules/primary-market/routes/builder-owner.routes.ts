import {
  assetIdParams,
  dataEnvelope,
  errorBody,
  notaryDatesResult,
  preorderBody,
  preorderView,
  purchaseView,
  reserveNotaryBody,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import { bookNotaryDate } from '../operations/book-notary-date.js';
import { listNotaryDates, preorder } from '../operations/builder-owner.js';
import { refusals, tags } from './route-support.js';

/** The builder-owner model's notary appointments and pre-bookings (spec section 7, Launchpad). */
export const builderOwnerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/launchpad/api/v1/asset/notary/:id/date',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Coming notary appointments of a builder-owner asset',
        params: assetIdParams,
        response: { 200: dataEnvelope(notaryDatesResult), 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({ data: await listNotaryDates(app.db, request.params.id, new Date()) }),
  );

  app.post(
    '/launchpad/api/v1/asset/notary/:id/date/reserve',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Book a notary appointment (with the ID Austria answer) for the open builder-owner purchase',
        params: assetIdParams,
        body: reserveNotaryBody,
        response: { 200: dataEnvelope(purchaseView), ...refusals },
      },
    },
    async (request) => ({
      data: await bookNotaryDate(app, currentUser(request), { ...request.body, assetId: request.params.id }),
    }),
  );

  app.post(
    '/launchpad/api/v1/asset/preorder',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Pre-book (reserve) an amount of an asset before or during its financing phase',
        body: preorderBody,
        response: { 200: dataEnvelope(preorderView), ...refusals },
      },
    },
    async (request) => ({
      data: await preorder(app.db, {
        userId: currentUser(request).userId,
        assetId: request.body.assetId,
        amountCents: BigInt(request.body.amount),
        now: new Date(),
      }),
    }),
  );
};
