import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import twilio from 'twilio';

/**
 * A local server speaking Twilio's Messages API (issue 38): HTTP Basic auth with the account SID
 * and auth token, form-encoded `To`, `From`, `Body`, `StatusCallback`, 201 with the message
 * resource, Twilio's error body (`code`, `message`, `more_info`, `status`) for a bad number. Its
 * status callbacks are signed as Twilio signs them (`X-Twilio-Signature`, Twilio's own function).
 */
export type TwilioContractServer = {
  url: string;
  accountSid: string;
  authToken: string;
  messages: { sid: string; to: string; from: string; body: string; statusCallback: string | null }[];
  control: {
    /** Posts the status callback of a message, signed with the auth token (or with `forgeWith`). */
    deliverStatus(sid: string, status: string, options?: { forgeWith?: string; unsigned?: boolean }): Promise<number>;
    setOutage(down: boolean): void;
  };
  close(): Promise<void>;
};

export const startTwilioContractServer = async (): Promise<TwilioContractServer> => {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const messages: TwilioContractServer['messages'] = [];
  let down = false;
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
    done(null, body),
  );
  const fail = (status: number, code: number, message: string) => ({
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  });
  app.post<{ Params: { sid: string } }>('/2010-04-01/Accounts/:sid/Messages.json', async (request, reply) => {
    if (down) return reply.code(503).send(fail(503, 20500, 'Service Unavailable'));
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (request.headers.authorization !== expected || request.params.sid !== accountSid)
      return reply.code(401).send(fail(401, 20003, 'Authenticate'));
    const form = new URLSearchParams(String(request.body ?? ''));
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const body = form.get('Body') ?? '';
    if (!/^\+[1-9]\d{6,14}$/.test(to))
      return reply.code(400).send(fail(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
    if (!from) return reply.code(400).send(fail(400, 21603, "The 'From' phone number is required."));
    if (!body) return reply.code(400).send(fail(400, 21602, 'Message body is required.'));
    const sid = `SM${randomBytes(16).toString('hex')}`;
    messages.push({ sid, to, from, body, statusCallback: form.get('StatusCallback') });
    return reply.code(201).send({
      sid,
      account_sid: accountSid,
      to,
      from,
      body,
      status: 'queued',
      num_segments: '1',
      direction: 'outbound-api',
      date_created: new Date().toUTCString(),
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    accountSid,
    authToken,
    messages,
    control: {
      deliverStatus: async (sid, status, options = {}) => {
        const message = messages.find((candidate) => candidate.sid === sid);
        if (!message?.statusCallback) throw new Error(`no callback for ${sid}`);
        const params = { AccountSid: accountSid, MessageSid: sid, MessageStatus: status, To: message.to };
        const signature = twilio.getExpectedTwilioSignature(
          options.forgeWith ?? authToken,
          message.statusCallback,
          params,
        );
        const response = await fetch(message.statusCallback, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            ...(options.unsigned ? {} : { 'x-twilio-signature': signature }),
          },
          body: new URLSearchParams(params).toString(),
        });
        return response.status;
      },
      setOutage: (value) => {
        down = value;
      },
    },
    close: () => app.close(),
  };
};
