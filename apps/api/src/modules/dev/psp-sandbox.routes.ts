import {
  dataEnvelope,
  errorBody,
  openWalletBody,
  simulateIncomeBody,
  simulateTransferBody,
  simulateTransferResult,
  walletResult,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openWalletByEmail, simulateIncome, simulateTransfer } from './operations/sandbox-shortcuts.js';

const tags = ['Development'];

/**
 * The sandbox payment provider's controls: simulate an incoming SEPA transfer
 * (`npm run psp:transfer`) or an asset's income arriving, open a wallet without onboarding,
 * deliver queued webhooks now.
 */
export const devPspRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/dev/psp/transfer',
    {
      // A sandbox control (development module only): the sandbox stands in for the provider.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Simulate an incoming SEPA transfer to a personal IBAN (sandbox)',
        body: simulateTransferBody,
        response: { 200: dataEnvelope(simulateTransferResult), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => ({ data: await simulateTransfer(app, request.body) }),
  );

  app.post(
    '/api/v1/dev/psp/income',
    {
      // A sandbox control (development module only): the sandbox stands in for the provider.
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Simulate the incoming transfer of an asset's recorded income (sandbox)",
        body: simulateIncomeBody,
        response: { 200: dataEnvelope(simulateTransferResult), 404: errorBody },
      },
    },
    async (request) => ({ data: await simulateIncome(app, request.body.incomeId) }),
  );

  app.post(
    '/api/v1/dev/psp/wallet',
    {
      // A sandbox control (development module only): the sandbox stands in for the provider.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Open the payment account of a user by e-mail, without the onboarding (sandbox)',
        body: openWalletBody,
        response: { 200: dataEnvelope(walletResult), 404: errorBody },
      },
    },
    async (request) => ({ data: await openWalletByEmail(app, request.body.email) }),
  );

  app.post(
    '/api/v1/dev/psp/deliver',
    {
      // A sandbox control (development module only): the sandbox stands in for the provider.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Deliver every queued sandbox webhook now, ignoring its delay',
        response: { 200: dataEnvelope(z.object({ delivered: z.number().int() })) },
      },
    },
    async () => ({ data: { delivered: await app.sandbox.payments.deliverWebhooks({ all: true }) } }),
  );
};
