import {
  assetIdParams,
  bonusCodeParams,
  bonusCodeView,
  bonusForInvestmentQuery,
  bonusForInvestmentResult,
  cancelTransactionBody,
  dataEnvelope,
  devPurchaseEventBody,
  errorBody,
  IDEMPOTENCY_HEADER,
  idempotencyHeaders,
  initInvestmentBody,
  investmentsView,
  manualInvestmentBody,
  notaryDatesResult,
  preorderBody,
  preorderView,
  purchaseIdParams,
  purchaseView,
  reserveNotaryBody,
  useBonusCodeResult,
} from '@bw/contracts';
import { users } from '@bw/db';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { onSigningRequestResolved } from '../security-app/signing-requests.js';
import { bonusForInvestment, getBonusCode, useBonusCode } from './operations/bonuses.js';
import { listNotaryDates, preorder, reserveNotaryDate } from './operations/builder-owner.js';
import { initInvestment } from './operations/init-investment.js';
import { getInvestments } from './operations/investments-view.js';
import { cancelPurchase, onPurchaseSigningOutcome, recordBuilderOwnerEvent } from './operations/settle-purchase.js';
import { listPurchaseViews } from './primary-market.repo.js';

const tags = ['Primary market'];
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

/**
 * Issue 9: buying from the issuer in the financing phase, bonuses at checkout and the
 * builder-owner model (spec section 7: Assets, Utilities and bonuses, Launchpad).
 */
export const primaryMarketRoutes: FastifyPluginAsyncZod = async (app) => {
  // A purchase settles exactly when its signature is stored, in the same transaction.
  const unregister = onSigningRequestResolved('trade', onPurchaseSigningOutcome(app.outbox));
  app.addHook('onClose', async () => unregister());

  const purchased = (email: string, assetId: string) => {
    app.bus.publishUserUpdate(email, 'purchase');
    app.bus.publishUserUpdate(email, 'signingRequest');
    app.bus.publishAssetsUpdate([assetId]);
  };

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
    async (request) => {
      const user = currentUser(request);
      const data = await initInvestment(app.db, {
        ...request.body,
        userId: user.userId,
        assetId: request.params.id,
        idempotencyKey: request.headers[IDEMPOTENCY_HEADER] ?? null,
        now: new Date(),
      });
      purchased(user.email, data.assetId);
      return { data };
    },
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
    async (request) => {
      const user = currentUser(request);
      const { signatures, assetId, ...rest } = request.body;
      if (signatures.length === 0 || signatures.some((signature) => signature.trim() === ''))
        throw new AppError('MANUAL_INVESTMENT_SIGNATURES_REQUIRED');
      const data = await initInvestment(app.db, {
        ...rest,
        userId: user.userId,
        assetId,
        manualSignatures: signatures,
        idempotencyKey: request.headers[IDEMPOTENCY_HEADER] ?? null,
        now: new Date(),
      });
      purchased(user.email, data.assetId);
      return { data };
    },
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
    async (request) => {
      const user = currentUser(request);
      await cancelPurchase(app.db, app.outbox, {
        userId: user.userId,
        transactionId: request.body.transactionId,
        now: new Date(),
      });
      const [data] = await listPurchaseViews(app.db, {
        userId: user.userId,
        transactionId: request.body.transactionId,
      });
      if (!data) throw new AppError('INVESTMENT_NOT_FOUND');
      purchased(user.email, data.assetId);
      return { data };
    },
  );

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
    async (request) => {
      const [data] = await listPurchaseViews(app.db, {
        userId: currentUser(request).userId,
        transactionId: request.params.transactionId,
      });
      if (!data) throw new AppError('INVESTMENT_NOT_FOUND');
      return { data };
    },
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
    async (request) => {
      const user = currentUser(request);
      const bonus = await useBonusCode(app.db, user.userId, request.params.code);
      app.bus.publishUserUpdate(user.email, 'bonus');
      return { data: { bonus } };
    },
  );

  app.get(
    '/launchpad/api/v1/asset/notary/:id/date',
    {
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
    async (request) => {
      const user = currentUser(request);
      const data = await reserveNotaryDate(app.db, {
        userId: user.userId,
        assetId: request.params.id,
        ...request.body,
        now: new Date(),
      });
      app.bus.publishUserUpdate(user.email, 'purchase');
      return { data };
    },
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

  if (app.config.NODE_ENV !== 'production') {
    app.post(
      '/api/v1/dev/users/verify',
      {
        schema: {
          tags: ['Development'],
          summary: 'Sandbox shortcut: mark a user verified, as a finished identification would (browser tests)',
          body: z.strictObject({ email: z.email() }),
          response: { 200: dataEnvelope(z.object({ status: z.string() })), 404: errorBody },
        },
      },
      async (request) => {
        const [row] = await app.db
          .update(users)
          .set({ status: 'verified', updatedAt: new Date() })
          .where(eq(users.email, request.body.email.toLowerCase()))
          .returning({ status: users.status });
        if (!row) throw new AppError('NOT_FOUND');
        app.bus.publishUserUpdate(request.body.email.toLowerCase(), 'status');
        return { data: { status: row.status } };
      },
    );

    app.post(
      '/api/v1/dev/primary/purchaseEvent',
      {
        schema: {
          tags: ['Development'],
          summary: 'Sandbox bank and notary: the bank wire or the notary documents of a builder-owner purchase arrive',
          body: devPurchaseEventBody,
          response: { 200: dataEnvelope(z.object({ status: z.string() })), 404: errorBody, 409: errorBody },
        },
      },
      async (request) => {
        const purchase = await recordBuilderOwnerEvent(app.db, app.outbox, { ...request.body, now: new Date() });
        return { data: { status: purchase.status } };
      },
    );
  }
};
