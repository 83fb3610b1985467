import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyReply } from 'fastify';
import { zipSync } from 'fflate';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/**
 * A local server speaking IDnow's gateway API (issue 38; the shapes as ADR 0038 cites them): login
 * with the API key answers `authToken`, every other call wants it in `X-API-LOGIN-TOKEN`;
 * `identifications/{transaction}/start` answers the ident id; `identifications/{transaction}` the
 * result (`identificationprocess.result`); `….zip` the ident's files. Errors come as
 * `{ errors: [{ cause, key, message }] }`. Its result callback carries the configured security header
 * (`X-Auth-Token`) and a JWT in `X-Idnow-Signature` signed with a key published at `/jwks.json`.
 */
export type IdnowContractServer = {
  url: string;
  jwksUrl: string;
  companyId: string;
  apiKey: string;
  webhookSecret: string;
  control: {
    setCallbackUrl(url: string): void;
    idents(): { transactionNumber: string; id: string; firstname: string; lastname: string; result: string | null }[];
    /** The ident specialist decided: the result is stored, the files are there, the callback goes out. */
    finish(transactionNumber: string, result: string, files?: Record<string, Buffer>): Promise<number>;
    /** A callback for any transaction, with a wrong secret, another signing key, or no headers. */
    sendCallback(
      transactionNumber: string,
      options?: { wrongSecret?: boolean; foreignKey?: boolean; unsigned?: boolean },
    ): Promise<number>;
    setOutage(down: boolean): void;
  };
  close(): Promise<void>;
};

type Ident = {
  transactionNumber: string;
  id: string;
  firstname: string;
  lastname: string;
  result: string | null;
  files: Record<string, Buffer>;
};

export const startIdnowContractServer = async (): Promise<IdnowContractServer> => {
  const companyId = 'brickwise';
  const apiKey = randomBytes(16).toString('hex');
  const webhookSecret = randomBytes(16).toString('hex');
  const idents = new Map<string, Ident>();
  const tokens = new Set<string>();
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'idnow-contract', alg: 'RS256', use: 'sig' };
  let callbackUrl: string | null = null;
  let down = false;
  const app = Fastify({ logger: false });
  const fail = (reply: FastifyReply, status: number, key: string, message: string) =>
    reply.code(status).send({ errors: [{ cause: key, key, message }] });

  app.get('/jwks.json', async () => ({ keys: [jwk] }));
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/jwks.json') return;
    if (down) return fail(reply, 503, 'SERVICE_UNAVAILABLE', 'Service unavailable');
    if (!request.url.startsWith(`/api/v1/${companyId}/`))
      return fail(reply, 404, 'COMPANY_NOT_FOUND', 'Unknown company');
    if (request.url.endsWith('/login')) return;
    const token = request.headers['x-api-login-token'];
    if (typeof token !== 'string' || !tokens.has(token))
      return fail(reply, 401, 'UNAUTHORIZED', 'Login token missing or invalid');
  });

  app.post<{ Body: { apiKey?: string } }>(`/api/v1/${companyId}/login`, async (request, reply) => {
    if (request.body?.apiKey !== apiKey) return fail(reply, 401, 'INVALID_API_KEY', 'API key invalid');
    const authToken = randomBytes(24).toString('base64url');
    tokens.add(authToken);
    return { authToken };
  });

  app.post<{ Params: { tx: string }; Body: Record<string, unknown> }>(
    `/api/v1/${companyId}/identifications/:tx/start`,
    async (request, reply) => {
      if (idents.has(request.params.tx))
        return fail(reply, 409, 'TRANSACTION_NUMBER_ALREADY_USED', 'Transaction number already used');
      const body = request.body ?? {};
      if (typeof body.firstname !== 'string' || typeof body.lastname !== 'string' || !body.lastname)
        return fail(reply, 400, 'MISSING_MANDATORY_FIELD', 'firstname and lastname are mandatory');
      const id = `TST-${randomBytes(3).toString('hex').toUpperCase()}`;
      idents.set(request.params.tx, {
        transactionNumber: request.params.tx,
        id,
        firstname: body.firstname,
        lastname: body.lastname,
        result: null,
        files: {},
      });
      return { id };
    },
  );

  app.get<{ Params: { tx: string } }>(`/api/v1/${companyId}/identifications/:tx`, async (request, reply) => {
    const zip = request.params.tx.endsWith('.zip');
    const ident = idents.get(zip ? request.params.tx.slice(0, -4) : request.params.tx);
    if (!ident) return fail(reply, 404, 'IDENTIFICATION_NOT_FOUND', 'Identification not found');
    if (zip) {
      if (!ident.result) return fail(reply, 404, 'IDENTIFICATION_NOT_FINISHED', 'No files yet');
      const entries = Object.fromEntries(
        Object.entries(ident.files).map(([name, bytes]) => [
          `${ident.transactionNumber}/${name}`,
          new Uint8Array(bytes),
        ]),
      );
      return reply.type('application/zip').send(Buffer.from(zipSync(entries)));
    }
    return {
      identificationprocess: {
        result: ident.result ?? 'PENDING',
        transactionnumber: ident.transactionNumber,
        id: ident.id,
        companyid: companyId,
        identificationtime: new Date().toISOString(),
        type: 'WEB',
      },
      userdata: { firstname: { value: ident.firstname }, lastname: { value: ident.lastname } },
    };
  });

  const url = await app.listen({ host: '127.0.0.1', port: 0 });

  const sendCallback: IdnowContractServer['control']['sendCallback'] = async (transactionNumber, options = {}) => {
    if (!callbackUrl) throw new Error('no callback url');
    const ident = idents.get(transactionNumber);
    const body = JSON.stringify({
      identificationprocess: {
        result: ident?.result ?? 'SUCCESS',
        transactionnumber: transactionNumber,
        id: ident?.id ?? 'TST-XXXXXX',
      },
    });
    const jwt = await new SignJWT({ transactionnumber: transactionNumber })
      .setProtectedHeader({ alg: 'RS256', kid: 'idnow-contract' })
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(options.foreignKey ? foreign.privateKey : privateKey);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!options.unsigned) {
      headers['x-auth-token'] = options.wrongSecret ? 'not-the-configured-secret' : webhookSecret;
      headers['x-idnow-signature'] = jwt;
    }
    return (await fetch(callbackUrl, { method: 'POST', headers, body })).status;
  };

  return {
    url,
    jwksUrl: `${url}/jwks.json`,
    companyId,
    apiKey,
    webhookSecret,
    control: {
      setCallbackUrl: (value) => {
        callbackUrl = value;
      },
      idents: () =>
        [...idents.values()].map(({ transactionNumber, id, firstname, lastname, result }) => ({
          transactionNumber,
          id,
          firstname,
          lastname,
          result,
        })),
      finish: async (transactionNumber, result, files = {}) => {
        const ident = idents.get(transactionNumber);
        if (!ident) throw new Error(`no ident ${transactionNumber}`);
        ident.result = result;
        ident.files = files;
        return sendCallback(transactionNumber);
      },
      sendCallback,
      setOutage: (value) => {
        down = value;
      },
    },
    close: () => app.close(),
  };
};
