import { PSP_SIGNATURE_HEADER, PSP_TIMESTAMP_HEADER } from '@bw/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { signWebhook } from '../../providers/payments/webhook-signature.js';
import type { LoggedIn } from '../auth/auth.test-support.js';

/** The newest payout SMS code to this phone in the development mailbox (delivers the outbox first). */
export const latestSmsCode = async (app: FastifyInstance, phone: string): Promise<string> => {
  await app.outboxRelay.drain();
  const res = await app.inject({ url: '/api/v1/dev/mailbox', query: { recipient: phone, channel: 'sms' } });
  const [message] = res.json().data as { bodyText: string }[];
  const code = message?.bodyText.match(/: (\d{6})\./)?.[1];
  if (!code) throw new Error('no payout code');
  return code;
};

/** `POST /api/v1/payment/webhook` as the provider sends it: the raw body, signed with `secret` at `timestamp`. */
export const postPspWebhook = (app: FastifyInstance, input: { secret: string; body: string; timestamp?: number }) => {
  const timestamp = input.timestamp ?? Math.floor(Date.now() / 1000);
  return app.inject({
    method: 'POST',
    url: '/api/v1/payment/webhook',
    headers: {
      'content-type': 'application/json',
      [PSP_TIMESTAMP_HEADER]: String(timestamp),
      [PSP_SIGNATURE_HEADER]: signWebhook(input.secret, timestamp, input.body),
    },
    payload: input.body,
  });
};

/** Starts and confirms a payout to the first payout account with the SMS code, as the app does; answers its id. */
export const payOut = async (
  app: FastifyInstance,
  user: LoggedIn & { phone: string },
  amountCents: string,
): Promise<string> => {
  const [payee] = (await app.inject({ url: '/api/v1/payment/payoutAccounts', headers: user.headers })).json().data;
  const started = await app.inject({
    method: 'POST',
    url: '/api/v1/payment/initmoneyout',
    headers: user.headers,
    payload: { amount: amountCents, payoutAccountId: payee.id },
  });
  expect(started.statusCode, started.body).toBe(200);
  const { transactionId } = started.json().data;
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/v1/payment/moneyout',
    headers: user.headers,
    payload: { transactionId, smsCode: await latestSmsCode(app, user.phone) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return transactionId;
};
