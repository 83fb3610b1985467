import type { FastifyInstance } from 'fastify';

/** The newest payout SMS code to this phone in the development mailbox (delivers the outbox first). */
export const latestSmsCode = async (app: FastifyInstance, phone: string): Promise<string> => {
  await app.outboxRelay.drain();
  const res = await app.inject({ url: '/api/v1/dev/mailbox', query: { recipient: phone, channel: 'sms' } });
  const [message] = res.json().data as { bodyText: string }[];
  const code = message?.bodyText.match(/: (\d{6})\./)?.[1];
  if (!code) throw new Error('no payout code');
  return code;
};
