import type { Db } from '@bw/db';
import twilio from 'twilio';
import { createProviderObjectStore } from '../provider-objects.js';
import { createProviderCaller, type ResiliencePolicy, statusOf } from '../resilience.js';
import { ProviderError, type SmsProvider } from './messaging-provider.js';

export type TwilioSettings = {
  accountSid: string;
  authToken: string;
  /** The sender: an alphanumeric sender id (`Brickwise`) or a number in E.164. */
  from: string;
  /** Where Twilio reports each message's delivery (`…/api/v1/notifications/twilio/status`). */
  statusCallbackUrl: string;
  /** Another API origin than `https://api.twilio.com` (the contract server in tests). */
  apiBaseUrl?: string | undefined;
};

const TWILIO_API = 'https://api.twilio.com';

/** Twilio's client with every request sent to `baseUrl` instead of api.twilio.com (contract tests). */
const redirectingHttpClient = (baseUrl: string) => {
  const client = new twilio.RequestClient();
  const request = client.request.bind(client);
  client.request = (options) => request({ ...options, uri: String(options.uri).replace(TWILIO_API, baseUrl) });
  return client;
};

/**
 * SMS through Twilio's Messages API (issue 38): the configured sender, the German text each caller
 * writes, a status callback per message (verified by `X-Twilio-Signature` on arrival). Twilio has no
 * idempotency key for messages, so a send is never retried blindly: each key is sent once and
 * remembered with its message SID (`provider_objects`), and a redelivery answers the first SID.
 */
export const createTwilioSms = (
  settings: TwilioSettings,
  options: { db: Db; resilience?: Partial<ResiliencePolicy> },
): SmsProvider => {
  const client = twilio(settings.accountSid, settings.authToken, {
    ...(settings.apiBaseUrl ? { httpClient: redirectingHttpClient(settings.apiBaseUrl) } : {}),
    autoRetry: false,
  });
  const caller = createProviderCaller('twilio', options.resilience);
  const objects = createProviderObjectStore(options.db, 'twilio');
  return {
    send: async (message) => {
      const known = await objects.find('sms', message.idempotencyKey);
      if (known) return { messageId: known.providerId, duplicate: true };
      const sent = await caller.call(
        'messages.create',
        async () => {
          try {
            return await client.messages.create({
              to: message.to,
              from: settings.from,
              body: message.text,
              statusCallback: settings.statusCallbackUrl,
            });
          } catch (error) {
            const status = statusOf(error);
            // 4xx: Twilio refused this message (a wrong number, a blocked recipient); not worth a retry.
            if (status !== null && status < 500 && status !== 429)
              throw new ProviderError(`twilio: ${(error as Error).message}`, true);
            throw error;
          }
        },
        { idempotent: false },
      );
      const row = await objects.remember('sms', message.idempotencyKey, sent.sid, { status: sent.status });
      return { messageId: row.providerId, duplicate: false };
    },
  };
};
