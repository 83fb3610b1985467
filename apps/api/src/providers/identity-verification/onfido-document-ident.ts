import { randomUUID } from 'node:crypto';
import { DOCUMENT_CONTENT_TYPES, type IdDocumentType, type IdvEvent, MAX_UPLOAD_BYTES } from '@bw/contracts';
import type { Db } from '@bw/db';
import {
  Configuration,
  DefaultApi,
  FileTransfer,
  OnfidoInvalidSignatureError,
  Region,
  WebhookEventVerifier,
  type WorkflowRun,
} from '@onfido/api';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { ProviderError } from '../messaging/messaging-provider.js';
import { createProviderObjectStore } from '../provider-objects.js';
import { createProviderCaller, type ResiliencePolicy, statusOf } from '../resilience.js';
import type {
  CaptureSession,
  CaseFile,
  DocumentIdentProvider,
  IdentityNotificationSource,
  IncomingNotification,
  ResolvedIdentityNotification,
} from './identity-verification-provider.js';

export type OnfidoSettings = {
  apiToken: string;
  /** The webhook's token (Onfido dashboard → Webhooks): the key of `X-SHA2-Signature`. */
  webhookToken: string;
  /** The Onfido Studio workflow every case runs (document and face, as configured there). */
  workflowId: string;
  region: 'EU' | 'US' | 'CA';
  /** Only for the contract tests: another API origin than Onfido's regional one. */
  apiBaseUrl?: string | undefined;
};

const PROVIDER = 'onfido';

const webhookPayload = z.object({
  payload: z.object({
    resource_type: z.string().min(1).max(60),
    action: z.string().min(1).max(80),
    object: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
  }),
});
/** Onfido's SDK tokens live 90 minutes; an older one is replaced before the SDK gets it. */
const SDK_TOKEN_FRESH_MS = 60 * 60_000;

const ONFIDO_DOCUMENT_TYPE: Record<IdDocumentType, 'passport' | 'national_identity_card' | 'driving_licence'> = {
  passport: 'passport',
  idCard: 'national_identity_card',
  drivingLicence: 'driving_licence',
};

/** Onfido answers refusals as `{ error: { type, message, fields } }` with 4xx; those are not outages. */
const toProviderError = (error: unknown): unknown => {
  const status = statusOf(error);
  if (status === null || status >= 500 || status === 429 || status === 408) return error;
  const body = (error as { response?: { data?: { error?: { type?: string; message?: string } } } }).response?.data;
  const message = body?.error?.message ?? body?.error?.type ?? `status ${status}`;
  return Object.assign(new ProviderError(`onfido: ${message}`, true), { status });
};

/** The verdict of a finished workflow run as our event; null while the run still waits or works. */
export const onfidoVerdict = (run: Pick<WorkflowRun, 'status'>): 'success' | 'rejected' | 'pending' | null => {
  switch (run.status) {
    case 'approved':
      return 'success';
    case 'declined':
    case 'abandoned':
      return 'rejected';
    // A run Onfido sends to its review, or one that broke, is looked at by a person: a manual check.
    case 'review':
    case 'error':
      return 'pending';
    default:
      return null;
  }
};

/** Only image and PDF files are kept (the video of a capture is not). */
const keepable = (contentType: string): boolean => (DOCUMENT_CONTENT_TYPES as readonly string[]).includes(contentType);

/**
 * Document identification at Onfido (issue 38, ADR 0038), `@onfido/api` 6.x (API v3.6). A case is
 * an applicant with one Studio workflow run: the web or native Onfido SDK captures document and
 * selfie with the run's SDK token (`captureSession`), or the files uploaded to our API go to the
 * applicant before the run is created (`submitCase`). The verdict comes as a webhook signed with
 * `X-SHA2-Signature`; `resolveNotification` reads the run from Onfido, trusts only that, and fetches
 * the applicant's documents and live photos into our storage.
 */
export const createOnfidoDocumentIdent = (
  settings: OnfidoSettings,
  options: { db: Db; resilience?: Partial<ResiliencePolicy> },
): DocumentIdentProvider & { notifications: IdentityNotificationSource } => {
  const api = new DefaultApi(
    new Configuration({
      apiToken: settings.apiToken,
      region: Region[settings.region],
      basePath: settings.apiBaseUrl ? `${settings.apiBaseUrl.replace(/\/+$/, '')}/v3.6` : undefined,
      baseOptions: { timeout: options.resilience?.timeoutMs ?? 10_000 },
    }),
  );
  const caller = createProviderCaller(PROVIDER, options.resilience);
  const objects = createProviderObjectStore(options.db, PROVIDER);

  const call = <T>(operation: string, run: (signal: AbortSignal) => Promise<T>, idempotent: boolean): Promise<T> =>
    caller.call(
      operation,
      async (signal) => {
        try {
          return await run(signal);
        } catch (error) {
          throw toProviderError(error);
        }
      },
      { idempotent },
    );

  const applicantOf = async (caseId: string): Promise<string> => {
    const known = await objects.find('case', caseId);
    if (!known) throw new ProviderError(`onfido: case ${caseId} is not ours`, true);
    return known.providerId;
  };

  /** One workflow run per case, created once (Onfido has no idempotency key: a run is remembered at once). */
  const ensureRun = async (caseId: string): Promise<{ runId: string; sdkToken: string | null; createdAt: number }> => {
    const known = await objects.find('workflow_run', caseId);
    if (known)
      return {
        runId: known.providerId,
        sdkToken: typeof known.data.sdkToken === 'string' ? known.data.sdkToken : null,
        createdAt: Number(known.data.createdAt ?? 0),
      };
    const applicantId = await applicantOf(caseId);
    const run = await call(
      'workflow-runs.create',
      async (signal) =>
        (
          await api.createWorkflowRun(
            { applicant_id: applicantId, workflow_id: settings.workflowId, tags: ['brickwise'] },
            { signal },
          )
        ).data,
      false,
    );
    const createdAt = Date.now();
    const row = await objects.remember('workflow_run', caseId, run.id, { sdkToken: run.sdk_token ?? null, createdAt });
    return {
      runId: row.providerId,
      sdkToken: typeof row.data.sdkToken === 'string' ? row.data.sdkToken : null,
      createdAt: Number(row.data.createdAt ?? createdAt),
    };
  };

  const captureSession = async ({ caseId }: { caseId: string }): Promise<CaptureSession> => {
    const run = await ensureRun(caseId);
    if (run.sdkToken && Date.now() - run.createdAt < SDK_TOKEN_FRESH_MS)
      return { provider: PROVIDER, sdkToken: run.sdkToken, workflowRunId: run.runId };
    const applicantId = await applicantOf(caseId);
    const token = await call(
      'sdk-token.create',
      async (signal) => (await api.generateSdkToken({ applicant_id: applicantId }, { signal })).data,
      true,
    );
    return { provider: PROVIDER, sdkToken: token.token, workflowRunId: run.runId };
  };

  const uploadFiles = async (caseId: string, documentType: IdDocumentType, files: CaseFile[]) => {
    const applicantId = await applicantOf(caseId);
    for (const [index, file] of files.entries()) {
      const reference = `${caseId}:${index}:${file.kind}`;
      if (await objects.find('upload', reference)) continue;
      const name = `${file.kind}-${index}.${file.contentType.split('/')[1] ?? 'bin'}`;
      const uploaded =
        file.kind === 'selfie'
          ? await call(
              'live-photos.upload',
              async (signal) =>
                (await api.uploadLivePhoto(applicantId, new FileTransfer(file.bytes, name), undefined, { signal }))
                  .data,
              false,
            )
          : await call(
              'documents.upload',
              async (signal) =>
                (
                  await api.uploadDocument(
                    ONFIDO_DOCUMENT_TYPE[documentType],
                    applicantId,
                    new FileTransfer(file.bytes, name),
                    undefined,
                    undefined,
                    undefined,
                    undefined,
                    undefined,
                    { signal },
                  )
                ).data,
              false,
            );
      await objects.remember('upload', reference, uploaded.id);
    }
  };

  /** The SDK asks for no binary response type: without `arraybuffer` axios decodes the file as UTF-8 text. */
  const download = async (operation: string, run: (signal: AbortSignal) => Promise<{ data: FileTransfer }>) => {
    const transfer = await call(operation, async (signal) => (await run(signal)).data, true);
    return Buffer.from(transfer.buffer);
  };

  /** The applicant's documents and live photos, downloaded (images and PDFs of at most 10 MB). */
  const fetchFiles = async (applicantId: string): Promise<CaseFile[]> => {
    const documents = await call(
      'documents.list',
      async (signal) => (await api.listDocuments(applicantId, { signal })).data.documents,
      true,
    );
    const photos = await call(
      'live-photos.list',
      async (signal) => (await api.listLivePhotos(applicantId, { signal })).data.live_photos,
      true,
    );
    const files: CaseFile[] = [];
    for (const document of documents) {
      const contentType = document.file_type === 'pdf' ? 'application/pdf' : `image/${document.file_type ?? 'jpeg'}`;
      if (!keepable(contentType.replace('image/jpg', 'image/jpeg')) || (document.file_size ?? 0) > MAX_UPLOAD_BYTES)
        continue;
      const bytes = await download('documents.download', (signal) =>
        api.downloadDocument(document.id, { signal, responseType: 'arraybuffer' }),
      );
      files.push({ kind: 'document', bytes, contentType: contentType.replace('image/jpg', 'image/jpeg') });
    }
    for (const photo of photos) {
      const contentType = photo.file_type?.startsWith('image/') ? photo.file_type : 'image/jpeg';
      if (!keepable(contentType) || (photo.file_size ?? 0) > MAX_UPLOAD_BYTES) continue;
      const bytes = await download('live-photos.download', (signal) =>
        api.downloadLivePhoto(photo.id, { signal, responseType: 'arraybuffer' }),
      );
      files.push({ kind: 'selfie', bytes, contentType });
    }
    return files;
  };

  const verifier = new WebhookEventVerifier(settings.webhookToken);
  /** `X-SHA2-Signature`: HMAC-SHA256 of the raw body with the webhook token, hex (`WebhookEventVerifier`). */
  const readNotification = async ({ rawBody, headers }: IncomingNotification) => {
    const signature = headers['x-sha2-signature'];
    if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature))
      throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    let event: unknown;
    try {
      event = verifier.readPayload(rawBody, signature);
    } catch (error) {
      if (error instanceof OnfidoInvalidSignatureError) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      throw new AppError('MALFORMED_JSON');
    }
    const parsed = webhookPayload.safeParse(event);
    if (!parsed.success) throw new AppError('BAD_REQUEST');
    return { eventType: parsed.data.payload.action, resourceId: parsed.data.payload.object.id };
  };

  const resolveNotification = async (eventType: string, resourceId: string): Promise<ResolvedIdentityNotification> => {
    if (!eventType.startsWith('workflow_run.')) return { kind: 'events', events: [] };
    const ours = await objects.findByProviderId('workflow_run', resourceId);
    if (!ours) return { kind: 'refused', reason: 'Dieser Workflow-Lauf stammt nicht von uns' };
    let run: WorkflowRun;
    try {
      run = await call(
        'workflow-runs.get',
        async (signal) => (await api.findWorkflowRun(resourceId, { signal })).data,
        true,
      );
    } catch (error) {
      if (error instanceof ProviderError && statusOf(error) === 404)
        return { kind: 'refused', reason: 'Onfido kennt diesen Workflow-Lauf nicht' };
      throw error;
    }
    const verdict = onfidoVerdict(run);
    if (!verdict) return { kind: 'events', events: [] };
    const caseId = ours.ourRef;
    const event: IdvEvent = {
      eventId: `onfido:${run.id}:${run.status}`,
      type: 'identity.checked',
      caseId,
      result: verdict,
      next: 'none',
      reason: null,
    };
    return { kind: 'events', events: [event], files: { caseId, files: await fetchFiles(run.applicant_id) } };
  };

  return {
    acceptedDocuments: () =>
      (['passport', 'idCard', 'drivingLicence'] as const).map((type) => ({
        type,
        needsBackSide: type !== 'passport',
        contentTypes: [...DOCUMENT_CONTENT_TYPES],
        maxBytes: MAX_UPLOAD_BYTES,
      })),
    openCase: async ({ reference, firstName, lastName, email }) => {
      if (!firstName || !lastName) throw new ProviderError('onfido: first and last name are required', true);
      const caseId = `onfido-${randomUUID()}`;
      const known = await objects.find('applicant', reference);
      const applicantId =
        known?.providerId ??
        (
          await objects.remember(
            'applicant',
            reference,
            (
              await call(
                'applicants.create',
                async (signal) =>
                  (
                    await api.createApplicant({ first_name: firstName, last_name: lastName, email }, { signal })
                  ).data,
                false,
              )
            ).id,
          )
        ).providerId;
      await objects.remember('case', caseId, applicantId, { userId: reference });
      return { caseId };
    },
    submitCase: async ({ caseId, documentType, files }) => {
      await uploadFiles(caseId, documentType, await files());
      await ensureRun(caseId);
    },
    captureSession,
    openBavSession: async () => {
      throw new ProviderError('onfido: no bank-account verification', true);
    },
    notifications: { provider: PROVIDER, readNotification, resolveNotification },
  };
};
