import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply } from 'fastify';

/**
 * A local server speaking Skribble's API v2 (issue 38, ADR 0038): `POST /v2/access/login` with
 * `username` and `api-key` answers the access token as plain text; every other call wants it as
 * `Authorization: Bearer`. Signature requests (Base64 PDF, signer identity data, quality, callback
 * URLs) answer `id`, `document_id`, `status_overall` and the signer's `signing_url`; a signed
 * request points at a new document whose content is the signed PDF. Errors come as Skribble's
 * problem body (`type`, `status`, `message`). Its callbacks are what Skribble sends: a POST to the
 * callback URL with `SKRIBBLE_SIGNATURE_REQUEST_ID` and `SKRIBBLE_DOCUMENT_ID` replaced, unsigned.
 */
export type SkribbleContractServer = {
  url: string;
  username: string;
  apiKey: string;
  control: {
    requests(): {
      id: string;
      title: string;
      quality: string;
      legislation: string | null;
      signer: { email_address?: string; first_name?: string; last_name?: string } | null;
      status: string;
      pdfBytes: number;
    }[];
    /** The signer signed at Skribble: the request is SIGNED, the signed document exists, the success callback goes out. */
    sign(id: string): Promise<number>;
    /** The signer declined: DECLINED, the error callback goes out. */
    decline(id: string): Promise<number>;
    signedDocument(id: string): Buffer | null;
    /** Calls a callback URL of a request with a changed query (a forgery). */
    callRaw(url: string): Promise<number>;
    callbackUrl(id: string, kind: 'success' | 'error' | 'update'): string;
    setOutage(down: boolean): void;
  };
  close(): Promise<void>;
};

type Stored = {
  id: string;
  title: string;
  quality: string;
  legislation: string | null;
  signer: { email_address?: string; first_name?: string; last_name?: string } | null;
  status: string;
  documentId: string;
  callbacks: Record<'success' | 'error' | 'update', string | null>;
};

export const startSkribbleContractServer = async (): Promise<SkribbleContractServer> => {
  const username = 'api_demo_brickwise_contract';
  const apiKey = randomBytes(16).toString('hex');
  const tokens = new Set<string>();
  const requests = new Map<string, Stored>();
  const documents = new Map<string, Buffer>();
  let down = false;
  const app = Fastify({ logger: false, bodyLimit: 40 * 1024 * 1024 });
  const problem = (reply: FastifyReply, status: number, message: string, path: string) =>
    reply.code(status).send({ type: 'https://api.skribble.com/problem/problem-with-message', status, message, path });

  app.addHook('onRequest', async (request, reply) => {
    if (down) return problem(reply, 503, 'Service Unavailable', request.url);
    if (request.url === '/v2/access/login') return;
    const token = request.headers.authorization?.replace(/^Bearer /, '');
    if (!token || !tokens.has(token)) return problem(reply, 401, 'Unauthorized', request.url);
  });

  app.post<{ Body: Record<string, unknown> }>('/v2/access/login', async (request, reply) => {
    if (request.body?.username !== username || request.body?.['api-key'] !== apiKey)
      return problem(
        reply,
        400,
        "Invalid input for 'username' or 'api-key'. No credentials provided. Please ensure 'username' and 'api-key' are correctly transmitted",
        '/v2/access/login',
      );
    const token = `eyJ${randomBytes(24).toString('base64url')}`;
    tokens.add(token);
    return reply.type('text/plain').send(token);
  });

  const body = (stored: Stored) => ({
    id: stored.id,
    title: stored.title,
    document_id: stored.documentId,
    quality: stored.quality,
    legislation: stored.legislation,
    status_overall: stored.status,
    signing_url: `https://my.skribble.com/view/${stored.id}`,
    signatures: [
      {
        sid: `${stored.id}-1`,
        signer_identity_data: stored.signer,
        signing_url: `https://my.skribble.com/view/${stored.id}?signer=${stored.id}-1`,
        status_code: stored.status === 'OPEN' ? 'OPEN' : stored.status,
      },
    ],
  });

  app.post<{ Body: Record<string, unknown> }>('/v2/signature-requests', async (request, reply) => {
    const input = request.body ?? {};
    if (typeof input.title !== 'string' || !input.title)
      return problem(reply, 400, "Field 'title' must not be empty", '/v2/signature-requests');
    const content = typeof input.content === 'string' ? Buffer.from(input.content, 'base64') : null;
    if (content?.subarray(0, 5).toString('latin1') !== '%PDF-')
      return problem(reply, 400, 'The document is not a valid PDF', '/v2/signature-requests');
    const documentId = randomUUID();
    documents.set(documentId, content);
    const signatures = Array.isArray(input.signatures) ? input.signatures : [];
    const first = signatures[0] as { signer_identity_data?: Stored['signer'] } | undefined;
    const stored: Stored = {
      id: randomUUID(),
      title: input.title,
      quality: typeof input.quality === 'string' ? input.quality : 'SES',
      legislation: typeof input.legislation === 'string' ? input.legislation : null,
      signer: first?.signer_identity_data ?? null,
      status: 'OPEN',
      documentId,
      callbacks: {
        success: typeof input.callback_success_url === 'string' ? input.callback_success_url : null,
        error: typeof input.callback_error_url === 'string' ? input.callback_error_url : null,
        update: typeof input.callback_update_url === 'string' ? input.callback_update_url : null,
      },
    };
    requests.set(stored.id, stored);
    return body(stored);
  });

  app.get<{ Params: { id: string } }>('/v2/signature-requests/:id', async (request, reply) => {
    const stored = requests.get(request.params.id);
    if (!stored) return problem(reply, 404, 'SignatureRequest not found', request.url);
    return body(stored);
  });

  app.get<{ Params: { id: string } }>('/v2/documents/:id/content', async (request, reply) => {
    const content = documents.get(request.params.id);
    if (!content) return problem(reply, 404, 'Document not found', request.url);
    return reply.type('application/pdf').send(content);
  });

  const url = await app.listen({ host: '127.0.0.1', port: 0 });

  const callbackUrl = (id: string, kind: 'success' | 'error' | 'update') => {
    const stored = requests.get(id);
    const template = stored?.callbacks[kind];
    if (!stored || !template) throw new Error(`no ${kind} callback for ${id}`);
    return template
      .replaceAll('SKRIBBLE_SIGNATURE_REQUEST_ID', stored.id)
      .replaceAll('SKRIBBLE_DOCUMENT_ID', stored.documentId);
  };
  const call = async (target: string) => (await fetch(target, { method: 'POST' })).status;

  return {
    url,
    username,
    apiKey,
    control: {
      requests: () =>
        [...requests.values()].map((stored) => ({
          id: stored.id,
          title: stored.title,
          quality: stored.quality,
          legislation: stored.legislation,
          signer: stored.signer,
          status: stored.status,
          pdfBytes: documents.get(stored.documentId)?.length ?? 0,
        })),
      sign: async (id) => {
        const stored = requests.get(id);
        if (!stored) throw new Error(`no request ${id}`);
        const original = documents.get(stored.documentId) ?? Buffer.alloc(0);
        const signedId = randomUUID();
        documents.set(signedId, Buffer.concat([original, Buffer.from(`\n% signed QES ${stored.id}\n`)]));
        stored.documentId = signedId;
        stored.status = 'SIGNED';
        return call(callbackUrl(id, 'success'));
      },
      decline: async (id) => {
        const stored = requests.get(id);
        if (!stored) throw new Error(`no request ${id}`);
        stored.status = 'DECLINED';
        return call(callbackUrl(id, 'error'));
      },
      signedDocument: (id) => {
        const stored = requests.get(id);
        return stored?.status === 'SIGNED' ? (documents.get(stored.documentId) ?? null) : null;
      },
      callRaw: call,
      callbackUrl,
      setOutage: (value) => {
        down = value;
      },
    },
    close: () => app.close(),
  };
};
