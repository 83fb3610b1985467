import {
  dataEnvelope,
  errorBody,
  IDEMPOTENCY_HEADER,
  idempotencyHeaders,
  initMoneyOutBody,
  initMoneyOutResult,
  moneyOutBody,
  moneyOutResult,
  paymentAccountView,
  payoutAccount,
  transaction,
  transactionIdParams,
  walletResult,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { getPaymentAccount, getTransaction } from './operations/get-payment-account.js';
import { confirmMoneyOut, initMoneyOut } from './operations/money-out.js';
import { openPaymentAccount } from './operations/open-payment-account.js';
import { listPayoutAccounts, toPayoutAccount } from './payments.repo.js';

const tags = ['Payment account'];

/** Spec sections 2, 5 and 7: payment account, payout accounts, pay-out. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/payment/account',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Balance, available balance, IBAN and BIC, pending and past transactions',
        response: { 200: dataEnvelope(paymentAccountView), 401: errorBody },
      },
    },
    async (request) => ({ data: await getPaymentAccount(app.db, currentUser(request).userId) }),
  );

  app.post(
    '/api/v1/payment/account',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Open the payment account (personal IBAN and BIC) of a verified user; idempotent',
        response: { 200: dataEnvelope(walletResult), 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const data = await openPaymentAccount(app.db, app.providers.payments, user.userId);
      app.bus.publishUserUpdate(user.email, 'payment-account');
      return { data };
    },
  );

  app.get(
    '/api/v1/payment/transactions/:transactionId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'One transaction of the logged-in user (account?transaction={id})',
        params: transactionIdParams,
        response: { 200: dataEnvelope(transaction), 401: errorBody, 404: errorBody },
      },
    },
    async (request) => ({
      data: await getTransaction(app.db, currentUser(request).userId, request.params.transactionId),
    }),
  );

  app.get(
    '/api/v1/payment/payoutAccounts',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Verified payout accounts of the logged-in user',
        response: { 200: dataEnvelope(z.array(payoutAccount)), 401: errorBody },
      },
    },
    async (request) => ({
      data: (await listPayoutAccounts(app.db, currentUser(request).userId)).map(toPayoutAccount),
    }),
  );

  app.post(
    '/api/v1/payment/initmoneyout',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Start a payout: checks it and sends an SMS code bound to amount and payee IBAN',
        headers: idempotencyHeaders,
        body: initMoneyOutBody,
        response: { 200: dataEnvelope(initMoneyOutResult), 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => ({
      data: await initMoneyOut(app.db, app.outbox, {
        userId: currentUser(request).userId,
        amountCents: BigInt(request.body.amount),
        payoutAccountId: request.body.payoutAccountId,
        idempotencyKey: request.headers[IDEMPOTENCY_HEADER] ?? null,
        now: new Date(),
      }),
    }),
  );

  app.post(
    '/api/v1/payment/moneyout',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Confirm a payout with the SMS code: reserves the amount and pays it out',
        headers: idempotencyHeaders,
        body: moneyOutBody,
        response: {
          200: dataEnvelope(moneyOutResult),
          400: errorBody,
          401: errorBody,
          404: errorBody,
          409: errorBody,
          429: errorBody,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const result = await confirmMoneyOut(app.db, app.outbox, {
        userId: user.userId,
        transactionId: request.body.transactionId,
        smsCode: request.body.smsCode,
        idempotencyKey: request.headers[IDEMPOTENCY_HEADER] ?? null,
        now: new Date(),
      });
      if (result.moved) app.bus.publishUserUpdate(user.email, 'payout');
      return { data: { transaction: result.transaction } };
    },
  );
};
