import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A local server speaking Onfido's documented API v3.6 (issue 38): `Authorization: Token
 * token=<api token>`, applicants, Studio workflow runs (with the run's `sdk_token`), SDK tokens,
 * document and live-photo uploads (multipart) with list and download, errors as `{ error: { type,
 * message, fields } }` with Onfido's status codes. Its webhooks are what Onfido sends: a JSON
 * `{ payload: { resource_type, action, object } }` signed with `X-SHA2-Signature` (HMAC-SHA256 of the
 * raw body, keyed with the webhook token, hex). The `control` methods play the applicant in the
 * Onfido SDK and Onfido's decision.
 */
export type OnfidoContractServer = {
  url: string;
  apiToken: string;
  webhookToken: string;
  workflowId: string;
  requests: { method: string; path: string; status: number }[];
  control: {
    setWebhookUrl(url: string): void;
    /** The applicant captured document and selfie in the SDK; Onfido decides `status` and sends the webhook. */
    completeRun(
      runId: string,
      input: { status: 'approved' | 'declined' | 'review' | 'abandoned'; document?: Buffer; selfie?: Buffer },
    ): Promise<number>;
    runs(): { id: string; applicantId: string; status: string }[];
    applicants(): { id: string; firstName: string; lastName: string }[];
    uploads(applicantId: string): { kind: 'document' | 'live_photo'; type: string | null; size: number }[];
    /** A webhook for any run id: signed with the webhook token, with `forgeWith`, or unsigned. */
    sendWebhook(runId: string, status: string, options?: { forgeWith?: string; unsigned?: boolean }): Promise<number>;
    setOutage(down: boolean): void;
  };
  close(): Promise<void>;
};

type Upload = {
  id: string;
  kind: 'document' | 'live_photo';
  applicantId: string;
  type: string | null;
  side: string | null;
  bytes: Buffer;
  fileName: string;
  fileType: string;
  createdAt: string;
};

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

export const startOnfidoContractServer = async (): Promise<OnfidoContractServer> => {
  const apiToken = `api_sandbox.${randomBytes(12).toString('hex')}`;
  const webhookToken = randomBytes(16).toString('hex');
  const workflowId = randomUUID();
  const applicants = new Map<string, { id: string; first_name: string; last_name: string; email?: string }>();
  const runs = new Map<string, { id: string; applicant_id: string; workflow_id: string; status: string }>();
  const uploads: Upload[] = [];
  const requests: OnfidoContractServer['requests'] = [];
  let webhookUrl: string | null = null;
  let down = false;
  const app = Fastify({ logger: false, bodyLimit: 12 * 1024 * 1024 });
  await app.register(multipart, { limits: { fileSize: 12 * 1024 * 1024 } });

  const fail = (reply: FastifyReply, status: number, type: string, message: string, fields?: object) =>
    reply.code(status).send({ error: { type, message, ...(fields ? { fields } : {}) } });

  app.addHook('onRequest', async (request, reply) => {
    if (down) return fail(reply, 503, 'service_unavailable', 'Service Unavailable');
    if (request.headers.authorization !== `Token token=${apiToken}`)
      return fail(reply, 401, 'authorization_error', 'Authorization error: please re-check your credentials');
  });
  app.addHook('onResponse', async (request, reply) => {
    requests.push({ method: request.method, path: request.url.split('?')[0] ?? '', status: reply.statusCode });
  });

  const base = '/v3.6';
  const origin = () => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const runBody = (run: { id: string; applicant_id: string; workflow_id: string; status: string }) => ({
    ...run,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    dashboard_url: `https://dashboard.onfido.com/results/${run.id}`,
  });
  const uploadBody = (upload: Upload) => ({
    id: upload.id,
    created_at: upload.createdAt,
    file_name: upload.fileName,
    file_type: upload.fileType,
    file_size: upload.bytes.length,
    href: `/v3.6/${upload.kind === 'document' ? 'documents' : 'live_photos'}/${upload.id}`,
    download_href: `/v3.6/${upload.kind === 'document' ? 'documents' : 'live_photos'}/${upload.id}/download`,
    ...(upload.kind === 'document' ? { applicant_id: upload.applicantId, type: upload.type, side: upload.side } : {}),
  });

  app.post<{ Body: Record<string, unknown> }>(`${base}/applicants`, async (request, reply) => {
    const body = request.body ?? {};
    const missing = ['first_name', 'last_name'].filter((field) => typeof body[field] !== 'string' || !body[field]);
    if (missing.length > 0)
      return fail(
        reply,
        422,
        'validation_error',
        'There was a validation error on this request',
        Object.fromEntries(missing.map((field) => [field, ["can't be blank"]])),
      );
    const applicant = {
      id: randomUUID(),
      first_name: String(body.first_name),
      last_name: String(body.last_name),
      ...(typeof body.email === 'string' ? { email: body.email } : {}),
    };
    applicants.set(applicant.id, applicant);
    return reply
      .code(201)
      .send({ ...applicant, created_at: new Date().toISOString(), href: `/v3.6/applicants/${applicant.id}` });
  });

  app.post<{ Body: Record<string, unknown> }>(`${base}/workflow_runs`, async (request, reply) => {
    const body = request.body ?? {};
    if (typeof body.applicant_id !== 'string' || !applicants.has(body.applicant_id))
      return fail(reply, 422, 'validation_error', 'There was a validation error on this request', {
        applicant_id: ['not found'],
      });
    if (body.workflow_id !== workflowId) return fail(reply, 404, 'resource_not_found', 'Workflow not found');
    const run = {
      id: randomUUID(),
      applicant_id: body.applicant_id,
      workflow_id: workflowId,
      status: 'awaiting_input',
    };
    runs.set(run.id, run);
    return reply.code(201).send({ ...runBody(run), sdk_token: `sdk.${randomBytes(16).toString('hex')}` });
  });

  app.get<{ Params: { id: string } }>(`${base}/workflow_runs/:id`, async (request, reply) => {
    const run = runs.get(request.params.id);
    if (!run) return fail(reply, 404, 'resource_not_found', 'The requested resource was not found');
    return runBody(run);
  });

  app.post<{ Body: Record<string, unknown> }>(`${base}/sdk_token`, async (request, reply) => {
    if (typeof request.body?.applicant_id !== 'string' || !applicants.has(request.body.applicant_id))
      return fail(reply, 422, 'validation_error', 'There was a validation error on this request');
    return { token: `sdk.${randomBytes(16).toString('hex')}` };
  });

  const receiveUpload = async (request: FastifyRequest, reply: FastifyReply, kind: Upload['kind']) => {
    const fields: Record<string, string> = {};
    let file: { bytes: Buffer; name: string; mimetype: string } | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file') file = { bytes: await part.toBuffer(), name: part.filename, mimetype: part.mimetype };
      else fields[part.fieldname] = String(part.value);
    }
    const applicantId = fields.applicant_id ?? '';
    if (!applicants.has(applicantId) || !file || (kind === 'document' && !fields.type))
      return fail(reply, 422, 'validation_error', 'There was a validation error on this request', {
        ...(file ? {} : { file: ["can't be blank"] }),
      });
    const isJpeg = file.bytes.subarray(0, 3).equals(JPEG_MAGIC);
    const isPdf = file.bytes.subarray(0, 5).toString('latin1') === '%PDF-';
    const upload: Upload = {
      id: randomUUID(),
      kind,
      applicantId,
      type: fields.type ?? null,
      side: fields.side ?? null,
      bytes: file.bytes,
      fileName: file.name,
      fileType: kind === 'live_photo' ? (isJpeg ? 'image/jpeg' : 'image/png') : isPdf ? 'pdf' : isJpeg ? 'jpg' : 'png',
      createdAt: new Date().toISOString(),
    };
    uploads.push(upload);
    return reply.code(201).send(uploadBody(upload));
  };
  app.post(`${base}/documents`, (request, reply) => receiveUpload(request, reply, 'document'));
  app.post(`${base}/live_photos`, (request, reply) => receiveUpload(request, reply, 'live_photo'));

  const list =
    (kind: Upload['kind']) => async (request: FastifyRequest<{ Querystring: { applicant_id?: string } }>) => {
      const items = uploads
        .filter((upload) => upload.kind === kind && upload.applicantId === request.query.applicant_id)
        .map(uploadBody);
      return kind === 'document' ? { documents: items } : { live_photos: items };
    };
  app.get(`${base}/documents`, list('document'));
  app.get(`${base}/live_photos`, list('live_photo'));

  const downloadOf =
    (kind: Upload['kind']) => async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const upload = uploads.find((candidate) => candidate.kind === kind && candidate.id === request.params.id);
      if (!upload) return fail(reply, 404, 'resource_not_found', 'The requested resource was not found');
      const type = upload.fileType.includes('/')
        ? upload.fileType
        : upload.fileType === 'pdf'
          ? 'application/pdf'
          : `image/${upload.fileType === 'jpg' ? 'jpeg' : upload.fileType}`;
      return reply.type(type).send(upload.bytes);
    };
  app.get(`${base}/documents/:id/download`, downloadOf('document'));
  app.get(`${base}/live_photos/:id/download`, downloadOf('live_photo'));

  const url = await app.listen({ host: '127.0.0.1', port: 0 });

  const postWebhook = async (
    runId: string,
    status: string,
    options: { forgeWith?: string; unsigned?: boolean } = {},
  ) => {
    if (!webhookUrl) throw new Error('no webhook url');
    const body = JSON.stringify({
      payload: {
        resource_type: 'workflow_run',
        action: 'workflow_run.completed',
        object: {
          id: runId,
          status,
          completed_at_iso8601: new Date().toISOString(),
          href: `${origin()}/v3.6/workflow_runs/${runId}`,
        },
      },
    });
    const signature = createHmac('sha256', options.forgeWith ?? webhookToken)
      .update(body)
      .digest('hex');
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(options.unsigned ? {} : { 'x-sha2-signature': signature }) },
      body,
    });
    return response.status;
  };

  return {
    url,
    apiToken,
    webhookToken,
    workflowId,
    requests,
    control: {
      setWebhookUrl: (value) => {
        webhookUrl = value;
      },
      completeRun: async (runId, input) => {
        const run = runs.get(runId);
        if (!run) throw new Error(`no run ${runId}`);
        const add = (kind: Upload['kind'], bytes: Buffer) =>
          uploads.push({
            id: randomUUID(),
            kind,
            applicantId: run.applicant_id,
            type: kind === 'document' ? 'passport' : null,
            side: kind === 'document' ? 'front' : null,
            bytes,
            fileName: kind === 'document' ? 'document_front.jpg' : 'selfie.jpg',
            fileType: bytes.subarray(0, 3).equals(JPEG_MAGIC)
              ? kind === 'document'
                ? 'jpg'
                : 'image/jpeg'
              : kind === 'document'
                ? 'png'
                : 'image/png',
            createdAt: new Date().toISOString(),
          });
        if (input.document) add('document', input.document);
        if (input.selfie) add('live_photo', input.selfie);
        run.status = input.status;
        return postWebhook(runId, input.status);
      },
      runs: () => [...runs.values()].map((run) => ({ id: run.id, applicantId: run.applicant_id, status: run.status })),
      applicants: () =>
        [...applicants.values()].map((applicant) => ({
          id: applicant.id,
          firstName: applicant.first_name,
          lastName: applicant.last_name,
        })),
      uploads: (applicantId) =>
        uploads
          .filter((upload) => upload.applicantId === applicantId)
          .map((upload) => ({ kind: upload.kind, type: upload.type, size: upload.bytes.length })),
      sendWebhook: postWebhook,
      setOutage: (value) => {
        down = value;
      },
    },
    close: () => app.close(),
  };
};
