import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IdvEvent } from '@bw/contracts';
import type { Db } from '@bw/db';
import { unzipSync } from 'fflate';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { ProviderError } from '../messaging/messaging-provider.js';
import { createProviderObjectStore } from '../provider-objects.js';
import { createProviderCaller, type ResiliencePolicy, statusOf } from '../resilience.js';
import type {
  CaseFile,
  IdentityNotificationSource,
  IncomingNotification,
  ResolvedIdentityNotification,
  VideoIdentProvider,
} from './identity-verification-provider.js';

export type IdnowSettings = {
  companyId: string;
  apiKey: string;
  /** `https://gateway.test.idnow.de` (staging) or `https://gateway.idnow.de`. */
  gatewayUrl: string;
  /** Where the investor's browser goes for the video call: `https://go.test.idnow.de` or `https://go.idnow.de`. */
  goUrl: string;
  /** The value of the security header (`X-Auth-Token`) configured for the webhook at IDnow. */
  webhookSecret: string;
  /** IDnow's JWKS: the key of the JWT in `X-Idnow-Signature`; unset, only the security header is checked. */
  webhookJwksUrl?: string | undefined;
};

const PROVIDER = 'idnow';
/** IDnow's login token lives about 20 minutes (ADR 0038); renewed before. */
const LOGIN_TOKEN_MS = 15 * 60_000;
/** The waiting-time estimate looks at this many recent idents; before any finished, it says this. */
const OBSERVED_IDENTS = 20;
const DEFAULT_WAITING_SECONDS = 120;

/** The result of an ident, as IDnow's results API answers it (the fields we read). */
const identResult = z.object({
  identificationprocess: z.object({
    result: z.string(),
    transactionnumber: z.string(),
    id: z.string(),
  }),
});

/** The callback's body: what it names (nothing in it is trusted; the result is read from IDnow). */
const callbackBody = z.object({
  identificationprocess: z.object({
    transactionnumber: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/),
    id: z.string().max(40).optional(),
  }),
});

/** IDnow's results mapped onto our verdicts; null while the ident is not finished. */
export const idnowVerdict = (result: string): 'success' | 'fraud' | 'pending' | 'rejected' | null => {
  switch (result) {
    case 'SUCCESS':
    case 'SUCCESS_DATA_CHANGED':
      return 'success';
    case 'FRAUD_SUSPICION_CONFIRMED':
      return 'fraud';
    case 'FRAUD_SUSPICION_PENDING':
    case 'REVIEW_PENDING':
      return 'pending';
    case 'CANCELED':
    case 'ABORTED':
      return 'rejected';
    default:
      return null;
  }
};

const contentTypeOf = (name: string): CaseFile['contentType'] | null => {
  const lower = name.toLowerCase();
  if (lower.endsWith('.jpg') || lower.endsWith('.jpeg')) return 'image/jpeg';
  if (lower.endsWith('.png')) return 'image/png';
  if (lower.endsWith('.pdf')) return 'application/pdf';
  return null;
};

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Video identification at IDnow (issue 38, ADR 0038): a small typed client of IDnow's gateway API
 * (login with the API key → `X-API-LOGIN-TOKEN`; `identifications/{transaction}/start` answers the
 * ident id the client opens at `go.idnow.de`; `identifications/{transaction}` the result; `….zip`
 * the ident's files). The result callback is checked (security header and, when configured, the JWT
 * in `X-Idnow-Signature` against IDnow's JWKS) and only names the transaction: the result is read
 * from IDnow and trusted only from there, the files are fetched into our storage.
 */
export const createIdnowVideoIdent = (
  settings: IdnowSettings,
  options: { db: Db; resilience?: Partial<ResiliencePolicy> },
): VideoIdentProvider & { notifications: IdentityNotificationSource } => {
  const caller = createProviderCaller(PROVIDER, options.resilience);
  const objects = createProviderObjectStore(options.db, PROVIDER);
  const api = `${settings.gatewayUrl.replace(/\/+$/, '')}/api/v1/${encodeURIComponent(settings.companyId)}`;
  const jwks = settings.webhookJwksUrl ? createRemoteJWKSet(new URL(settings.webhookJwksUrl)) : null;
  let login: { token: string; until: number } | null = null;

  const request = async (path: string, init: RequestInit & { signal: AbortSignal }, auth = true) => {
    const headers: Record<string, string> = { accept: 'application/json', ...(init.headers as Record<string, string>) };
    if (auth) headers['x-api-login-token'] = await loginToken(init.signal);
    const response = await fetch(`${api}${path}`, { ...init, headers });
    if (response.status === 401 && auth) login = null;
    if (!response.ok) {
      const body = await response.text();
      const message = /"message"\s*:\s*"([^"]{1,200})"/.exec(body)?.[1] ?? `status ${response.status}`;
      const error = Object.assign(new Error(`idnow: ${message}`), { status: response.status });
      if (response.status >= 500 || response.status === 429 || response.status === 408) throw error;
      throw Object.assign(new ProviderError(`idnow: ${message}`, true), { status: response.status });
    }
    return response;
  };

  const loginToken = async (signal: AbortSignal): Promise<string> => {
    if (login && login.until > Date.now()) return login.token;
    const response = await request(
      '/login',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ apiKey: settings.apiKey }),
        signal,
      },
      false,
    );
    const { authToken } = z.object({ authToken: z.string().min(1) }).parse(await response.json());
    login = { token: authToken, until: Date.now() + LOGIN_TOKEN_MS };
    return authToken;
  };

  const readResult = async (transactionNumber: string) =>
    caller.call(
      'identifications.get',
      async (signal) =>
        identResult.parse(
          await (await request(`/identifications/${encodeURIComponent(transactionNumber)}`, { signal })).json(),
        ),
      { idempotent: true },
    );

  const readFiles = async (transactionNumber: string): Promise<CaseFile[]> => {
    const zip = await caller.call(
      'identifications.files',
      async (signal) =>
        Buffer.from(
          await (
            await request(`/identifications/${encodeURIComponent(transactionNumber)}.zip`, {
              signal,
              headers: { accept: 'application/zip' },
            })
          ).arrayBuffer(),
        ),
      { idempotent: true },
    );
    const files: CaseFile[] = [];
    for (const [name, bytes] of Object.entries(unzipSync(new Uint8Array(zip)))) {
      const contentType = contentTypeOf(name);
      if (!contentType || bytes.length === 0) continue;
      // IDnow names the portrait (face) images so; everything else is the document or its report.
      const kind = /face|portrait|selfie/i.test(name) ? 'selfie' : 'document';
      files.push({ kind, bytes: Buffer.from(bytes), contentType });
    }
    return files;
  };

  const readNotification = async ({ rawBody, headers }: IncomingNotification) => {
    const secret = headers['x-auth-token'];
    if (typeof secret !== 'string' || !sameSecret(secret, settings.webhookSecret))
      throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    if (jwks) {
      const signature = headers['x-idnow-signature'];
      if (typeof signature !== 'string') throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      try {
        await jwtVerify(signature, jwks);
      } catch {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new AppError('MALFORMED_JSON');
    }
    const parsed = callbackBody.safeParse(body);
    if (!parsed.success) throw new AppError('BAD_REQUEST');
    return { eventType: 'identification.result', resourceId: parsed.data.identificationprocess.transactionnumber };
  };

  const resolveNotification = async (
    _eventType: string,
    transactionNumber: string,
  ): Promise<ResolvedIdentityNotification> => {
    const ours = await objects.find('ident', transactionNumber);
    if (!ours) return { kind: 'refused', reason: 'Diese Identifizierung stammt nicht von uns' };
    let result: z.infer<typeof identResult>;
    try {
      result = await readResult(transactionNumber);
    } catch (error) {
      if (error instanceof ProviderError && statusOf(error) === 404)
        return { kind: 'refused', reason: 'IDnow kennt diese Identifizierung nicht' };
      throw error;
    }
    const verdict = idnowVerdict(result.identificationprocess.result);
    if (!verdict) return { kind: 'events', events: [] };
    if (!ours.data.finishedAt) await objects.note('ident', transactionNumber, { finishedAt: Date.now() });
    const caseId = ours.providerId;
    const event: IdvEvent = {
      eventId: `idnow:${transactionNumber}:${result.identificationprocess.result}`,
      type: 'identity.checked',
      caseId,
      result: verdict,
      next: 'none',
      reason: null,
    };
    const files = verdict === 'rejected' ? [] : await readFiles(transactionNumber);
    return { kind: 'events', events: [event], files: { caseId, files } };
  };

  return {
    startIdent: async ({ reference, firstName, lastName, email, birthDate, nationality }) => {
      const transactionNumber = `bw-${randomUUID()}`;
      const started = await caller.call(
        'identifications.start',
        async (signal) =>
          z.object({ id: z.string().min(1).max(40) }).parse(
            await (
              await request(`/identifications/${transactionNumber}/start`, {
                method: 'POST',
                signal,
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({
                  firstname: firstName,
                  lastname: lastName,
                  email,
                  ...(birthDate ? { birthday: birthDate } : {}),
                  ...(nationality ? { nationality } : {}),
                  custom1: reference,
                }),
              })
            ).json(),
          ),
        // Not repeated: a start that reached IDnow but whose answer got lost would be refused the second time.
        { idempotent: false },
      );
      await objects.remember('ident', transactionNumber, started.id, { userId: reference, startedAt: Date.now() });
      return {
        identId: started.id,
        redirectUrl: `${settings.goUrl.replace(/\/+$/, '')}/${encodeURIComponent(settings.companyId)}/identifications/${encodeURIComponent(started.id)}`,
      };
    },
    /**
     * IDnow's gateway API publishes no queue length: the estimate is the median time from start to
     * result of our last finished idents (what investors actually waited), 120 s before there are any.
     */
    estimatedWaitingTimeSeconds: async () => {
      const durations = (await objects.recent('ident', OBSERVED_IDENTS))
        .map(({ data }) => Number(data.finishedAt) - Number(data.startedAt))
        .filter((ms) => Number.isFinite(ms) && ms > 0)
        .sort((a, b) => a - b);
      const median = durations[Math.floor(durations.length / 2)];
      return median === undefined ? DEFAULT_WAITING_SECONDS : Math.max(1, Math.round(median / 1000));
    },
    notifications: { provider: PROVIDER, readNotification, resolveNotification },
  };
};
