import path from 'node:path';
import {
  acceptedDocuments,
  bavSession,
  DOCUMENT_PROVIDER_PATH,
  dataEnvelope,
  errorBody,
  estimatedWaitingTime,
  identificationState,
  MAX_UPLOAD_BYTES,
  otpBody,
  signatureBody,
  startIdentificationBody,
  TERMS_KINDS,
  uploadQuery,
  userWithOnboarding,
  VIDEO_PROVIDER_PATH,
  videoIdentStart,
} from '@bw/contracts';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicUrl } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { createSandboxIdentityVerification } from '../../providers/identity-verification/sandbox-identity-verification.js';
import { createDocumentStorage } from './document-storage.js';
import { findCurrentVerification, findOwnDocument } from './identification.repo.js';
import type { IdentificationContext } from './identification-context.js';
import { identificationWebhookRoutes } from './identification-webhook.routes.js';
import { activateUser } from './operations/activate-user.js';
import { getIdentificationState } from './operations/get-identification-state.js';
import { renderLegalDocument } from './operations/legal-documents.js';
import {
  confirmSignatureCode,
  createSigningRequest,
  sendSignatureCode,
  submitSignature,
  submitSignatureSelfie,
} from './operations/sign-agreements.js';
import { startDocumentIdent, startVideoIdent } from './operations/start-identification.js';
import { uploadIdentificationFile } from './operations/upload-identification-file.js';

const tags = ['Identification'];
const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  415: errorBody,
  429: errorBody,
};
const stateResponse = { 200: dataEnvelope(identificationState), ...errors };
const A = `/api/v1/identification/${DOCUMENT_PROVIDER_PATH}`;
const B = `/api/v1/identification/${VIDEO_PROVIDER_PATH}`;

/**
 * The one file of a multipart upload, field `file`, read with the size limit. A broken multipart
 * body (cut off, no boundary) is the client's fault: 400, never 500.
 */
const readUpload = async (request: FastifyRequest): Promise<Buffer> => {
  try {
    const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    if (part?.fieldname !== 'file') throw new AppError('UPLOAD_MISSING');
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('UPLOAD_TOO_LARGE');
    // Fastify's own multipart errors (wrong content type, limits) map in the error handler.
    if (typeof code === 'string' && code.startsWith('FST_')) throw error;
    throw new AppError('BAD_REQUEST');
  }
};

const userRoutes =
  (context: IdentificationContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5 } });
    app.addHook('preHandler', requireUser);
    const state = (request: FastifyRequest) => getIdentificationState(app.db, currentUser(request).userId);
    const userId = (request: FastifyRequest) => currentUser(request).userId;

    app.get(
      '/api/v1/identification',
      {
        schema: {
          tags,
          summary: "The caller's current identification, signature and activation state",
          response: stateResponse,
        },
      },
      async (request) => ({ data: await state(request) }),
    );

    app.get(
      `${A}/acceptedDocuments`,
      {
        schema: {
          tags,
          summary: 'Documents the provider accepts (passport, ID card, driving licence)',
          response: { 200: dataEnvelope(acceptedDocuments), ...errors },
        },
      },
      async () => ({ data: context.provider.documentIdent.acceptedDocuments() }),
    );

    app.post(
      A,
      {
        schema: {
          tags,
          summary: 'Start a document identification (document type and number)',
          body: startIdentificationBody,
          response: stateResponse,
        },
      },
      async (request) => {
        await startDocumentIdent(context, userId(request), request.body);
        return { data: await state(request) };
      },
    );

    app.post(
      `${A}/verification`,
      {
        schema: {
          tags,
          summary: 'Upload the document or the selfie (multipart field `file`; JPEG, PNG or PDF; 10 MB at most)',
          querystring: uploadQuery,
          response: stateResponse,
        },
      },
      async (request) => {
        const bytes = await readUpload(request);
        await uploadIdentificationFile(context, userId(request), { kind: request.query.kind, bytes });
        return { data: await state(request) };
      },
    );

    app.get(
      `${A}/verification`,
      { schema: { tags, summary: 'The current identification', response: stateResponse } },
      async (request) => ({
        data: await state(request),
      }),
    );

    app.get(
      `${A}/verification/:documentId`,
      {
        schema: {
          tags,
          summary: 'One of your own uploaded files (owner only)',
          params: z.strictObject({ documentId: z.uuid() }),
        },
      },
      async (request, reply) => {
        const doc = await findOwnDocument(app.db, userId(request), request.params.documentId);
        if (!doc) throw new AppError('IDENTIFICATION_DOCUMENT_NOT_FOUND');
        const bytes = await context.storage.read(doc.storageKey).catch(() => {
          throw new AppError('IDENTIFICATION_DOCUMENT_NOT_FOUND');
        });
        reply.header('cache-control', 'private, no-store').type(doc.contentType);
        return reply.send(bytes);
      },
    );

    app.get(
      `${A}/bavSession`,
      {
        schema: {
          tags,
          summary: 'A bank-account verification session, when the provider asks for one',
          response: { 200: dataEnvelope(bavSession), ...errors },
        },
      },
      async (request) => {
        const verification = await findCurrentVerification(app.db, userId(request));
        if (verification?.status !== 'bavRequired') throw new AppError('SIGNATURE_STEP_INVALID');
        return { data: await context.provider.documentIdent.openBavSession({ caseId: verification.providerRef }) };
      },
    );

    const signatureStep = (url: string, summary: string, run: (request: FastifyRequest) => Promise<void>) =>
      app.post(url, { schema: { tags, summary, response: stateResponse } }, async (request) => {
        await run(request);
        return { data: await state(request) };
      });
    signatureStep(`${A}/signingRequest`, 'Open the qualified e-signature of the agreements', (request) =>
      createSigningRequest(context, userId(request)),
    );
    signatureStep(`${A}/signature/selfie`, 'The signer’s selfie (multipart field `file`)', async (request) =>
      submitSignatureSelfie(context, userId(request), await readUpload(request)),
    );
    signatureStep(`${A}/signature/authorize`, 'Send the SMS code for the signature', (request) =>
      sendSignatureCode(context, userId(request), 'authorize', new Date()),
    );
    signatureStep(`${A}/signature/resend`, 'Send a new SMS code', (request) =>
      sendSignatureCode(context, userId(request), 'resend', new Date()),
    );

    app.post(
      `${A}/signature`,
      {
        schema: {
          tags,
          summary: "The drawn signature; 'There is no signature in the field!' when empty",
          body: signatureBody,
          response: stateResponse,
        },
      },
      async (request) => {
        await submitSignature(context, userId(request), { signature: request.body.signature, ipAddress: request.ip });
        return { data: await state(request) };
      },
    );

    app.post(
      `${A}/signature/otp`,
      {
        schema: {
          tags,
          summary: "Confirm the signature with the SMS code ('Der eingegebene Code ist leider falsch.')",
          body: otpBody,
          response: stateResponse,
        },
      },
      async (request) => {
        await confirmSignatureCode(context, userId(request), request.body.otp, new Date());
        return { data: await state(request) };
      },
    );

    app.post(
      B,
      {
        schema: {
          tags,
          summary: 'Start a video identification; answers data.idNowId',
          response: { 200: dataEnvelope(videoIdentStart), ...errors },
        },
      },
      async (request) => ({
        data: await startVideoIdent(context, userId(request)),
      }),
    );

    app.get(
      `${B}/estimatedwaitingtime`,
      {
        schema: {
          tags,
          summary: 'Estimated waiting time for a video identification',
          response: { 200: dataEnvelope(estimatedWaitingTime), ...errors },
        },
      },
      async () => ({
        data: { estimatedWaitingTimeSeconds: await context.provider.videoIdent.estimatedWaitingTimeSeconds() },
      }),
    );

    app.get(
      '/api/v1/identification/agreements/:kind',
      {
        schema: {
          tags,
          summary: "The partner's legal document of this kind (PDF)",
          params: z.strictObject({ kind: z.enum(TERMS_KINDS) }),
        },
      },
      async (request, reply) => {
        const pdf = await renderLegalDocument(app.db, currentUser(request).partnerId, request.params.kind);
        reply.type('application/pdf').header('content-disposition', `inline; filename="${request.params.kind}.pdf"`);
        return reply.send(Buffer.from(pdf));
      },
    );

    app.post(
      '/api/v2/user/activate',
      {
        schema: {
          tags,
          summary: 'Activate the account once verified and every required step is done',
          response: { 200: dataEnvelope(userWithOnboarding), ...errors },
        },
      },
      async (request) => ({ data: await activateUser(app, userId(request)) }),
    );
  };

/**
 * Identity verification, agreements and activation (issue 5, ADR 0009). The provider defaults to
 * the sandbox, which posts its verdicts to this server's own webhook route.
 */
export const identificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const sandbox = createSandboxIdentityVerification({
    secret: app.config.IDV_WEBHOOK_SECRET,
    webhookUrl: () => {
      if (app.config.IDV_WEBHOOK_URL) return app.config.IDV_WEBHOOK_URL;
      const address = app.server.address();
      return address && typeof address === 'object'
        ? `http://127.0.0.1:${address.port}/api/v1/identification/webhook`
        : null;
    },
    decisionDelayMs: app.config.IDV_SANDBOX_DELAY_MS,
    bavUrl: (sessionId) => `${publicUrl(app.config)}/sandbox/idv/bav/${sessionId}`,
    log: app.log,
  });
  const context: IdentificationContext = {
    app,
    provider: app.providers.identityVerification ?? sandbox,
    storage: createDocumentStorage(path.join(app.config.DATA_DIR, 'identification-documents')),
  };
  await app.register(userRoutes(context));
  await app.register(identificationWebhookRoutes);
  if (app.config.NODE_ENV !== 'production') {
    app.post(
      '/api/v1/dev/identification/deliver',
      {
        schema: {
          tags: ['Development'],
          summary: 'Send every queued identification-sandbox webhook now (not in production)',
        },
      },
      async () => ({ data: { delivered: await sandbox.deliverWebhooks({ all: true }) } }),
    );
    app.get('/sandbox/idv/bav/:sessionId', async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><html lang="de"><meta charset="utf-8"><title>Sandbox-Kontoverifizierung</title><p>Sandbox: Dein Konto wird bestätigt. Du kannst dieses Fenster schließen.</p></html>',
        ),
    );
  }
  if (app.config.WORKER) sandbox.start();
  app.addHook('onClose', async () => sandbox.stop());
};
