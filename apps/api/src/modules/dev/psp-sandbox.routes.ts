import {
  dataEnvelope,
  errorBody,
  openWalletBody,
  simulateTransferBody,
  simulateTransferResult,
  walletResult,
} from '@bw/contracts';
import { users } from '@bw/db';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { ProviderError } from '../../providers/messaging/messaging-provider.js';
import { openPaymentAccount } from '../payments/operations/open-payment-account.js';

const tags = ['Development'];

/**
 * The sandbox payment provider's controls (development only; registered outside production):
 * simulate an incoming SEPA transfer (`npm run psp:transfer`), open a wallet without onboarding,
 * deliver queued webhooks now.
 */
export const devPspRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/dev/psp/transfer',
    {
      schema: {
        tags,
        summary: 'Simulate an incoming SEPA transfer to a personal IBAN (sandbox)',
        body: simulateTransferBody,
        response: { 200: dataEnvelope(simulateTransferResult), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const { iban, fromIban, amount, name, reference } = request.body;
      const compact = (value: string) => value.replace(/\s+/g, '').toUpperCase();
      if (!isValidIBAN(compact(iban)) || !isValidIBAN(compact(fromIban))) throw new AppError('IBAN_INVALID');
      try {
        const data = await app.payments.simulateIncomingTransfer({
          iban: compact(iban),
          senderIban: compact(fromIban),
          amountCents: BigInt(amount),
          senderName: name,
          reference: reference ?? '',
        });
        return { data };
      } catch (error) {
        if (error instanceof ProviderError) throw new AppError('PAYMENT_ACCOUNT_NOT_FOUND');
        throw error;
      }
    },
  );

  app.post(
    '/api/v1/dev/psp/wallet',
    {
      schema: {
        tags,
        summary: 'Open the payment account of a user by e-mail, without the onboarding (sandbox)',
        body: openWalletBody,
        response: { 200: dataEnvelope(walletResult), 404: errorBody },
      },
    },
    async (request) => {
      const [user] = await app.db.select().from(users).where(eq(users.email, request.body.email.toLowerCase()));
      if (!user) throw new AppError('NOT_FOUND');
      const data = await openPaymentAccount(app.db, app.payments, user.id, { requireVerified: false });
      app.bus.publishUserUpdate(user.email, 'payment-account');
      return { data };
    },
  );

  app.post(
    '/api/v1/dev/psp/deliver',
    {
      schema: {
        tags,
        summary: 'Deliver every queued sandbox webhook now, ignoring its delay',
        response: { 200: dataEnvelope(z.object({ delivered: z.number().int() })) },
      },
    },
    async () => ({ data: { delivered: await app.payments.deliverWebhooks({ all: true }) } }),
  );
};
