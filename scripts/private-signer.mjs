#!/usr/bin/env node
// @ts-check
/**
 * A private security app in one file (docs/security-app-protocol.md): the smallest thing that
 * links an Ed25519 key to an account and approves signing requests. Read it top to bottom to
 * build your own app; it uses Node's standard library and the typed API client
 * (packages/api-client, generated from the OpenAPI document, so `tsc -b` checks every call below).
 *
 *   node scripts/private-signer.mjs keygen                      writes private-signer-key.json, prints the public key
 *   node scripts/private-signer.mjs login --email E --password P  writes private-signer-session.json
 *   node scripts/private-signer.mjs register                    POST api/v1/securityApp/registerPrivate, writes the recovery file
 *   node scripts/private-signer.mjs list                        pending requests
 *   node scripts/private-signer.mjs show --id ID                human-readable details and the canonical payload
 *   node scripts/private-signer.mjs sign --id ID                checks the payload, signs its bytes, sends the signature
 *   node scripts/private-signer.mjs reject --id ID
 *   node scripts/private-signer.mjs disconnect                  removes the app with the recovery file
 *
 * Options: --api-url (default $API_URL, else $PUBLIC_URL, else http://localhost:$PORT, PORT 3000 when unset),
 * --key FILE, --session FILE, --recovery FILE; --help shows the usage.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { createApiClient } from '@bw/api-client';

/** The server this signer talks to by default: the one `npm start` runs with the same PORT/PUBLIC_URL. */
const defaultApiUrl = process.env.API_URL || process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`;

const USAGE = `A private security app on the command line: links an Ed25519 key to an account and signs its
requests (docs/security-app-protocol.md).

Usage:
  node scripts/private-signer.mjs <command> [options]

Commands:
  keygen                          writes a new key file, prints the public key
  public-key                      prints the key file's public key
  login --email E --password P    logs in, writes the session file
  register                        links the key to the account, writes the recovery file
  list                            pending signing requests
  show --id ID                    a request's details and its canonical payload
  sign --id ID                    checks the payload, signs it, sends the signature
  reject --id ID                  rejects a request
  disconnect                      removes the app with the recovery file

Options:
  --api-url URL      the server (now ${defaultApiUrl}; default $API_URL, else $PUBLIC_URL,
                     else http://localhost:$PORT with PORT 3000 when unset)
  --key FILE         key file (private-signer-key.json)
  --session FILE     session file (private-signer-session.json)
  --recovery FILE    recovery file (private-signer-recovery.json)
  -h, --help         shows this help

The demo investors' keys: data/demo/<name>-security-app-key.json (README, "Demo investors").
`;

/** @type {(message: string) => never} */
const usageError = (message) => {
  console.error(`private-signer: ${message}\n\n${USAGE}`);
  process.exit(2);
};

const parsed = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        'api-url': { type: 'string', default: defaultApiUrl },
        key: { type: 'string', default: 'private-signer-key.json' },
        session: { type: 'string', default: 'private-signer-session.json' },
        recovery: { type: 'string', default: 'private-signer-recovery.json' },
        email: { type: 'string' },
        password: { type: 'string' },
        id: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error));
  }
})();
const { positionals, values } = parsed;
const [command] = positionals;
if (values.help || command === 'help') {
  console.log(USAGE);
  process.exit(0);
}

/** @type {(message: string) => never} */
const fail = (message) => {
  console.error(`private-signer: ${message}`);
  process.exit(1);
};
/** @type {(file: string, what: string) => any} */
const readJson = (file, what) => {
  if (!fs.existsSync(file)) fail(`no ${what} at ${file}`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
};
/** @type {(file: string, data: unknown) => void} */
const writeSecret = (file, data) => fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });

// --- The protocol, exactly as the server does it -------------------------------------------

/** Canonical payload: flat JSON object of strings, keys sorted, no whitespace. */
/** @param {Record<string, string>} fields */
const canonical = (fields) =>
  `{${Object.keys(fields)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${JSON.stringify(fields[key])}`)
    .join(',')}}`;

/** The raw 32-byte public key, base64url: what registerPrivate expects. */
/** @param {import('node:crypto').KeyObject} publicKey */
const rawPublicKey = (publicKey) => publicKey.export({ format: 'jwk' }).x;

// --- HTTP: the user's session (cookie + CSRF header), like any logged-in client ---------------

const api = createApiClient({
  baseUrl: values['api-url'].replace(/\/+$/, ''),
  headers: { accept: 'application/json' },
});

/** The session's cookie and CSRF header (securitySchemes sessionCookie + csrfHeader of the document). */
const sessionHeaders = () => {
  const session = readJson(values.session, 'session (run login first)');
  return { cookie: session.cookie, 'x-csrf-token': session.csrfToken };
};

/**
 * Waits for one API call; stops with the server's error code and message on an error answer.
 * @template {{ data?: unknown; error?: unknown; response: Response }} T
 * @param {Promise<T>} call
 * @returns {Promise<{ response: Response; data: NonNullable<T['data']> }>}
 */
const answer = async (call) => {
  const result = await call.catch((error) => fail(`server not reachable at ${values['api-url']}: ${error.message}`));
  const { data, error, response } = result;
  if (!response.ok || data === undefined) {
    const body = /** @type {{ error?: { code?: string; message?: string } } | undefined} */ (error);
    fail(`${response.status} ${body?.error?.code ?? ''}: ${body?.error?.message ?? ''}`);
  }
  return { response, data: /** @type {NonNullable<T['data']>} */ (data) };
};

/** @param {string} cents */
const euro = (cents) => {
  const padded = cents.padStart(3, '0');
  return `${padded.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${padded.slice(-2)} €`;
};

/** @param {{ id: string; kind: string; status: string; expiresAt: string; lines: { label: string; value: string }[] }} request */
const printRequest = (request) => {
  console.log(`${request.id}  ${request.kind}  ${request.status}  läuft ab ${request.expiresAt}`);
  for (const line of request.lines) console.log(`  ${line.label}: ${line.value}`);
};

switch (command) {
  case 'keygen': {
    if (fs.existsSync(values.key)) fail(`${values.key} exists; refusing to overwrite a key`);
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    writeSecret(values.key, {
      publicKey: rawPublicKey(publicKey),
      privateKeyPkcs8Pem: privateKey.export({ format: 'pem', type: 'pkcs8' }),
    });
    console.log(rawPublicKey(publicKey));
    break;
  }
  case 'public-key':
    console.log(readJson(values.key, 'key file').publicKey);
    break;
  case 'login': {
    if (!values.email || !values.password) fail('login needs --email and --password');
    const {
      response,
      data: { data },
    } = await answer(api.POST('/auth/login', { body: { email: values.email, password: values.password } }));
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    writeSecret(values.session, { cookie, csrfToken: data.csrfToken, userId: data.userId });
    console.log(`logged in as ${data.email}`);
    break;
  }
  case 'register': {
    const key = readJson(values.key, 'key file (run keygen first)');
    const {
      data: { data },
    } = await answer(
      api.POST('/api/v1/securityApp/registerPrivate', {
        body: { publicKey: key.publicKey },
        headers: sessionHeaders(),
      }),
    );
    const session = readJson(values.session, 'session');
    writeSecret(values.recovery, {
      format: 'brickwise-security-app-recovery',
      version: 1,
      userId: session.userId,
      securityAppId: data.securityAppId,
      publicKey: key.publicKey,
      recoverySecret: data.recoverySecret,
      createdAt: new Date().toISOString(),
    });
    console.log(`linked (${data.userType}); recovery file: ${values.recovery}, keep it safe`);
    break;
  }
  case 'list': {
    const {
      data: { data },
    } = await answer(
      api.GET('/api/v1/securityApp/signingRequests', {
        params: { query: { status: 'pending' } },
        headers: sessionHeaders(),
      }),
    );
    if (data.length === 0) console.log('no pending requests');
    for (const request of data) printRequest(request);
    break;
  }
  case 'show': {
    if (!values.id) fail('show needs --id');
    const {
      data: { data },
    } = await answer(
      api.GET('/api/v1/securityApp/signingRequests/{id}', {
        params: { path: { id: values.id } },
        headers: sessionHeaders(),
      }),
    );
    printRequest(data);
    console.log(`canonical payload (UTF-8, these bytes are signed):\n${data.canonicalPayload}`);
    break;
  }
  case 'sign': {
    if (!values.id) fail('sign needs --id');
    const key = readJson(values.key, 'key file');
    const session = readJson(values.session, 'session');
    const {
      data: { data: request },
    } = await answer(
      api.GET('/api/v1/securityApp/signingRequests/{id}', {
        params: { path: { id: values.id } },
        headers: sessionHeaders(),
      }),
    );
    // Sign only what we understood: the text must be the canonical form of its own fields, and
    // name this request, this user and a future expiry. A server cannot slip in other bytes.
    const fields = JSON.parse(request.canonicalPayload);
    if (canonical(fields) !== request.canonicalPayload) fail('payload is not canonical; not signing');
    if (fields.protocol !== 'brickwise.signing.v1') fail(`unknown protocol ${fields.protocol}`);
    if (fields.requestId !== request.id || fields.userId !== session.userId)
      fail('payload names another request or user');
    if (Date.parse(fields.expiresAt) <= Date.now()) fail('request has expired');
    for (const field of ['amountCents', 'feeCents', 'priceCents'])
      if (fields[field] !== undefined) console.log(`  ${field}: ${euro(fields[field])}`);
    const privateKey = createPrivateKey(key.privateKeyPkcs8Pem);
    const message = Buffer.from(request.canonicalPayload, 'utf8');
    const signature = sign(null, message, privateKey).toString('base64url');
    // Self-check against our own public key before sending.
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.publicKey }, format: 'jwk' });
    if (!verify(null, message, publicKey, Buffer.from(signature, 'base64url'))) fail('self-check failed');
    console.log(`signature: ${signature}`);
    const {
      data: { data },
    } = await answer(
      api.POST('/api/v1/securityApp/signingRequests/{id}/signature', {
        params: { path: { id: values.id } },
        body: { signature },
        headers: sessionHeaders(),
      }),
    );
    console.log(`request ${data.id}: ${data.status}`);
    break;
  }
  case 'reject': {
    if (!values.id) fail('reject needs --id');
    const {
      data: { data },
    } = await answer(
      api.POST('/api/v1/securityApp/signingRequests/{id}/reject', {
        params: { path: { id: values.id } },
        headers: sessionHeaders(),
      }),
    );
    console.log(`request ${data.id}: ${data.status}`);
    break;
  }
  case 'disconnect': {
    const recovery = readJson(values.recovery, 'recovery file');
    await answer(
      api.POST('/api/v1/securityApp/disconnect', {
        body: { recoverySecret: recovery.recoverySecret },
        headers: sessionHeaders(),
      }),
    );
    console.log('disconnected');
    break;
  }
  default:
    usageError(command ? `unknown command ${command}` : 'which command?');
}
