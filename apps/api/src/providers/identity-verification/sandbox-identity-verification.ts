import { randomUUID } from 'node:crypto';
import { DOCUMENT_CONTENT_TYPES, type IdvEvent, MAX_UPLOAD_BYTES } from '@bw/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { IdentityVerificationSandbox, WebhookTransport } from './identity-verification-provider.js';
import { decideIdentity, decideSignature } from './sandbox-outcomes.js';
import { postSignedJson, signedWebhook } from './signed-webhook.js';

const MAX_DELIVERY_ATTEMPTS = 8;
const RETRY_BASE_MS = 1_000;
const POLL_MS = 250;
const DELIVERY_TIMEOUT_MS = 10_000;
/** The sandbox's video-ident queue: each waiting ident adds this much to the estimate. */
const SECONDS_PER_WAITING_IDENT = 90;
const BASE_WAITING_SECONDS = 30;
/** A started video ident counts as waiting this long. */
const VIDEO_SLOT_MS = 5 * 60_000;

type Queued = { event: IdvEvent; dueAtMs: number; attempts: number };

export type IdentitySandboxOptions = {
  secret: string;
  /** Our webhook route; resolved at delivery time (the port is known only after listen). */
  webhookUrl: () => string | null;
  /** How long the sandbox "checks" before it answers. */
  decisionDelayMs: number;
  /** Where the bank-account verification page lives (this server's sandbox page). */
  bavUrl: (sessionId: string) => string;
  log: FastifyBaseLogger;
};

/**
 * Both identification providers as a sandbox (docs/runbooks/sandbox-providers.md): the outcome
 * comes from the test data (sandbox-outcomes.ts) and arrives as an HMAC-signed webhook over real
 * HTTP after `decisionDelayMs`. The queue lives in memory, like the payment sandbox's.
 */
export const createSandboxIdentityVerification = (options: IdentitySandboxOptions): IdentityVerificationSandbox => {
  let queue: Queued[] = [];
  let running: NodeJS.Timeout | null = null;
  let delivering: Promise<number> | null = null;
  const videoStarts: number[] = [];

  const enqueue = (event: IdvEvent) => {
    queue.push({ event, dueAtMs: Date.now() + options.decisionDelayMs, attempts: 0 });
  };

  const post = async (event: IdvEvent, transport?: WebhookTransport): Promise<boolean> => {
    const url = options.webhookUrl();
    if (!url && !transport) return false;
    try {
      const status = transport
        ? await transport(signedWebhook(event, options.secret))
        : (await postSignedJson(url as string, event, options.secret, DELIVERY_TIMEOUT_MS)).status;
      // Like real providers: 2xx is done, 409 and 5xx are retried, other refusals are dropped.
      return status < 500 && status !== 409;
    } catch (error) {
      options.log.warn({ err: error, type: event.type }, 'identification sandbox webhook failed');
      return false;
    }
  };

  const deliverDue = async (all: boolean, transport?: WebhookTransport): Promise<number> => {
    const now = Date.now();
    const due = queue.filter((item) => all || item.dueAtMs <= now);
    queue = queue.filter((item) => !due.includes(item));
    let delivered = 0;
    for (const item of due) {
      if (await post(item.event, transport)) {
        delivered += 1;
      } else if (item.attempts + 1 < MAX_DELIVERY_ATTEMPTS) {
        queue.push({ ...item, attempts: item.attempts + 1, dueAtMs: Date.now() + RETRY_BASE_MS * 2 ** item.attempts });
      }
    }
    return delivered;
  };

  const deliverWebhooks = async ({
    all = false,
    transport,
  }: {
    all?: boolean;
    transport?: WebhookTransport;
  } = {}): Promise<number> => {
    while (delivering) await delivering;
    delivering = deliverDue(all, transport);
    try {
      return await delivering;
    } finally {
      delivering = null;
    }
  };

  return {
    documentIdent: {
      acceptedDocuments: () => [
        {
          type: 'passport',
          needsBackSide: false,
          contentTypes: [...DOCUMENT_CONTENT_TYPES],
          maxBytes: MAX_UPLOAD_BYTES,
        },
        { type: 'idCard', needsBackSide: true, contentTypes: [...DOCUMENT_CONTENT_TYPES], maxBytes: MAX_UPLOAD_BYTES },
        {
          type: 'drivingLicence',
          needsBackSide: true,
          contentTypes: [...DOCUMENT_CONTENT_TYPES],
          maxBytes: MAX_UPLOAD_BYTES,
        },
      ],
      openCase: async () => ({ caseId: `case_${randomUUID()}` }),
      submitCase: async ({ caseId, documentNumber, submission }) => {
        enqueue({
          eventId: `evt_${randomUUID()}`,
          type: 'identity.checked',
          caseId,
          ...decideIdentity(documentNumber, submission),
        });
      },
      openBavSession: async ({ caseId }) => {
        const sessionId = `bav_${randomUUID()}`;
        enqueue({ eventId: `evt_${randomUUID()}`, type: 'bav.completed', caseId, result: 'success' });
        return { sessionId, url: options.bavUrl(sessionId) };
      },
    },
    videoIdent: {
      startIdent: async ({ lastName }) => {
        const identId = `BWS-${randomUUID().slice(0, 8).toUpperCase()}`;
        videoStarts.push(Date.now());
        enqueue({
          eventId: `evt_${randomUUID()}`,
          type: 'identity.checked',
          caseId: identId,
          ...decideIdentity(lastName, 2),
        });
        return { identId };
      },
      estimatedWaitingTimeSeconds: async () => {
        const since = Date.now() - VIDEO_SLOT_MS;
        const waiting = videoStarts.filter((startedAt) => startedAt > since).length;
        return BASE_WAITING_SECONDS + waiting * SECONDS_PER_WAITING_IDENT;
      },
    },
    signatures: {
      createQualifiedSignature: async ({ signingRequestId, signer }) => {
        enqueue({
          eventId: `evt_${randomUUID()}`,
          type: 'signature.completed',
          signingRequestId,
          result: decideSignature(signer.lastName),
        });
        return { signingUrl: null };
      },
      signingUrl: async () => null,
    },
    notificationSources: {},
    deliverWebhooks,
    start: () => {
      running ??= setInterval(() => {
        if (delivering) return; // the previous round is still posting
        void deliverWebhooks().catch((error: unknown) =>
          options.log.error({ err: error }, 'identification sandbox delivery failed'),
        );
      }, POLL_MS);
    },
    stop: () => {
      if (running) clearInterval(running);
      running = null;
    },
  };
};
