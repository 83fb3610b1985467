import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IdvEvent } from '@bw/contracts';
import type { Db } from '@bw/db';
import { PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type {
  IdentityNotificationSource,
  IncomingNotification,
  ResolvedIdentityNotification,
} from '../identity-verification/identity-verification-provider.js';
import { ProviderError } from '../messaging/messaging-provider.js';
import { createProviderObjectStore } from '../provider-objects.js';
import { createProviderCaller, type ResiliencePolicy, statusOf } from '../resilience.js';
import type { DocumentStorage } from '../storage/document-storage.js';
import type { SignatureProvider } from './signature-provider.js';

export type SkribbleSettings = {
  /** The API user (`api_demo_…` in staging, `api_production_…` in production) and its key. */
  username: string;
  apiKey: string;
  /** `https://api.skribble.com` (demo keys sign without legal weight, production keys are invoiced). */
  baseUrl: string;
  /** `EU` (eIDAS) or `ZERTES` (Swiss law). */
  legislation: 'EU' | 'ZERTES';
  /** Where Skribble calls back: our notification route for `skribble`. */
  callbackUrl: string;
};

const PROVIDER = 'skribble';
/** Skribble's access token lives about 20 minutes; renewed before. */
const ACCESS_TOKEN_MS = 15 * 60_000;
const CALLBACK_EVENTS = ['success', 'error', 'update'] as const;

const signatureRequest = z.object({
  id: z.string(),
  document_id: z.string().nullable().optional(),
  status_overall: z.string(),
  signing_url: z.string().optional(),
  signatures: z.array(z.object({ signing_url: z.string().optional(), status_code: z.string().optional() })).default([]),
});
type SignatureRequest = z.infer<typeof signatureRequest>;

/** The result of a signature request as our event; null while it is still open. */
export const skribbleResult = (status: string): 'signed' | 'rejected' | 'error' | null => {
  switch (status) {
    case 'SIGNED':
      return 'signed';
    case 'DECLINED':
    case 'WITHDRAWN':
      return 'rejected';
    case 'ERROR':
      return 'error';
    default:
      return null;
  }
};

/** One PDF of all agreements: Skribble signs one document per request. */
const mergePdfs = async (documents: { pdf: Uint8Array }[]): Promise<Uint8Array> => {
  const merged = await PDFDocument.create();
  for (const document of documents) {
    const source = await PDFDocument.load(document.pdf);
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  return merged.save();
};

/**
 * The qualified e-signature at Skribble (issue 38, ADR 0038): a small typed client of Skribble's
 * API v2 (login with user and API key → a token of about 20 minutes; a signature request with the
 * agreements as one PDF, the signer's identity data (no Skribble account needed), quality QES and
 * the callback URLs; the request and the signed document by id). Skribble's callbacks carry no
 * signature (mutual TLS at best): each callback URL carries an HMAC of our signing request's id,
 * keyed with the API key, so a forged one is refused with 401; even a valid one only names the
 * request, whose status is read from Skribble and trusted only from there. The signed PDF is
 * fetched into our storage (its key in `provider_objects`).
 */
export const createSkribbleSignatures = (
  settings: SkribbleSettings,
  options: { db: Db; storage: DocumentStorage; resilience?: Partial<ResiliencePolicy> },
): SignatureProvider & { notifications: IdentityNotificationSource } => {
  const caller = createProviderCaller(PROVIDER, options.resilience);
  const objects = createProviderObjectStore(options.db, PROVIDER);
  const api = `${settings.baseUrl.replace(/\/+$/, '')}/v2`;
  let access: { token: string; until: number } | null = null;

  const request = async (path: string, init: RequestInit & { signal: AbortSignal }, auth = true): Promise<Response> => {
    const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
    if (auth) headers.authorization = `Bearer ${await accessToken(init.signal)}`;
    const response = await fetch(`${api}${path}`, { ...init, headers });
    if (response.status === 401 && auth) access = null;
    if (!response.ok) {
      const body = await response.text();
      const message = /"message"\s*:\s*"([^"]{1,200})"/.exec(body)?.[1] ?? `status ${response.status}`;
      if (response.status >= 500 || response.status === 429 || response.status === 408)
        throw Object.assign(new Error(`skribble: ${message}`), { status: response.status });
      throw Object.assign(new ProviderError(`skribble: ${message}`, true), { status: response.status });
    }
    return response;
  };

  const accessToken = async (signal: AbortSignal): Promise<string> => {
    if (access && access.until > Date.now()) return access.token;
    const response = await request(
      '/access/login',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: settings.username, 'api-key': settings.apiKey }),
        signal,
      },
      false,
    );
    const token = (await response.text()).trim();
    if (!token) throw new ProviderError('skribble: empty access token', false);
    access = { token, until: Date.now() + ACCESS_TOKEN_MS };
    return token;
  };

  const callbackToken = (ref: string) =>
    createHmac('sha256', settings.apiKey).update(`skribble-callback:${ref}`).digest('hex');

  const callbackUrl = (ref: string, event: (typeof CALLBACK_EVENTS)[number]) => {
    const url = new URL(settings.callbackUrl);
    url.searchParams.set('ref', ref);
    url.searchParams.set('event', event);
    url.searchParams.set('token', callbackToken(ref));
    // Skribble replaces the placeholder with its id of the request before it calls.
    return `${url.toString()}&sr=SKRIBBLE_SIGNATURE_REQUEST_ID`;
  };

  const readRequest = (id: string) =>
    caller.call(
      'signature-requests.get',
      async (signal) => signatureRequest.parse(await (await request(`/signature-requests/${id}`, { signal })).json()),
      { idempotent: true },
    );

  const readDocument = (documentId: string) =>
    caller.call(
      'documents.content',
      async (signal) =>
        Buffer.from(
          await (
            await request(`/documents/${documentId}/content`, { signal, headers: { accept: 'application/pdf' } })
          ).arrayBuffer(),
        ),
      { idempotent: true },
    );

  const signingUrlOf = (request: SignatureRequest): string | null =>
    request.signatures.find((signature) => signature.signing_url)?.signing_url ?? request.signing_url ?? null;

  const readNotification = async ({ query }: IncomingNotification) => {
    const ref = query.ref ?? '';
    const token = query.token ?? '';
    const expected = callbackToken(ref);
    if (!ref || token.length !== expected.length || !timingSafeEqual(Buffer.from(token), Buffer.from(expected)))
      throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    const event = CALLBACK_EVENTS.find((candidate) => candidate === query.event);
    if (!event) throw new AppError('BAD_REQUEST');
    return { eventType: `signature_request.${event}`, resourceId: ref };
  };

  const resolveNotification = async (_eventType: string, ref: string): Promise<ResolvedIdentityNotification> => {
    const ours = await objects.find('signature_request', ref);
    if (!ours) return { kind: 'refused', reason: 'Diese Signaturanfrage stammt nicht von uns' };
    let current: SignatureRequest;
    try {
      current = await readRequest(ours.providerId);
    } catch (error) {
      if (error instanceof ProviderError && statusOf(error) === 404)
        return { kind: 'refused', reason: 'Skribble kennt diese Signaturanfrage nicht' };
      throw error;
    }
    const result = skribbleResult(current.status_overall);
    if (!result) return { kind: 'events', events: [] };
    const event: IdvEvent = {
      eventId: `skribble:${current.id}:${current.status_overall}`,
      type: 'signature.completed',
      signingRequestId: ref,
      result,
    };
    if (result === 'signed' && current.document_id && !ours.data.signedDocumentKey) {
      // The signed agreements are kept in our storage: the signature's evidence does not live at Skribble alone.
      const stored = await options.storage.save(String(ours.data.userId), await readDocument(current.document_id));
      await objects.note('signature_request', ref, {
        signedDocumentId: current.document_id,
        signedDocumentKey: stored.storageKey,
        signedDocumentSha256: stored.sha256,
      });
    }
    return { kind: 'events', events: [event] };
  };

  return {
    createQualifiedSignature: async ({ signingRequestId, reference, signer, documents }) => {
      const known = await objects.find('signature_request', signingRequestId);
      if (known) return { signingUrl: typeof known.data.signingUrl === 'string' ? known.data.signingUrl : null };
      const pdf = await mergePdfs(await documents());
      const created = await caller.call(
        'signature-requests.create',
        async (signal) =>
          signatureRequest.parse(
            await (
              await request('/signature-requests', {
                method: 'POST',
                signal,
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({
                  title: 'Deine Vereinbarungen',
                  message:
                    'Bitte unterschreibe deine Vereinbarungen mit deiner qualifizierten elektronischen Signatur.',
                  content: Buffer.from(pdf).toString('base64'),
                  content_type: 'application/pdf',
                  quality: 'QES',
                  legislation: settings.legislation,
                  signatures: [
                    {
                      signer_identity_data: {
                        email_address: signer.email,
                        first_name: signer.firstName,
                        last_name: signer.lastName,
                      },
                    },
                  ],
                  callback_success_url: callbackUrl(signingRequestId, 'success'),
                  callback_error_url: callbackUrl(signingRequestId, 'error'),
                  callback_update_url: callbackUrl(signingRequestId, 'update'),
                  custom: signingRequestId,
                }),
              })
            ).json(),
          ),
        // Not repeated: Skribble has no idempotency key, a lost answer must not create a second request.
        { idempotent: false },
      );
      const signingUrl = signingUrlOf(created);
      await objects.remember('signature_request', signingRequestId, created.id, { signingUrl, userId: reference });
      return { signingUrl };
    },
    signingUrl: async (signingRequestId) => {
      const known = await objects.find('signature_request', signingRequestId);
      return typeof known?.data.signingUrl === 'string' ? known.data.signingUrl : null;
    },
    notifications: { provider: PROVIDER, readNotification, resolveNotification },
  };
};
