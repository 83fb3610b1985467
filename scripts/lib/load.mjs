// Shared by the reliability scripts (soak, drill:restore): a prepared database with assets and
// investors, an HTTP client with kept-alive connections, and a complete purchase over HTTP.
// Callers register tsx first (`register()` from 'tsx/esm/api'): this imports the API's TypeScript.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { insertBenchAssets } from './postgres-bench.mjs';

export const PRICE_CENTS = 10_000n;
const SHARES_PER_ASSET = 100_000_000;

export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Migrates and fills a fresh database: the test fixtures, `assets` primary assets (copies of a
 * fixture asset, EUR 100 a share, plenty of shares) and `investors` verified investors with
 * `cashCents` each, a session and a security app. Answers `{ assetIds, investors, signPayload }`.
 */
export const prepareLoadDatabase = async (connectionString, { assets: assetCount, investors: count, cashCents }) => {
  const { openDatabase, migrate } = await import('@bw/db');
  const { loadTestFixtures } = await import('../../apps/api/src/test/fixtures.ts');
  const { createBulkInvestors, signPayload } = await import('../../apps/api/src/test/bulk-investors.ts');
  const database = await openDatabase({ kind: 'postgres', connectionString });
  try {
    await migrate(database.db);
    await loadTestFixtures(database.db);
    const assetIds = Array.from({ length: assetCount }, (_, i) => `load-${i}`);
    await insertBenchAssets(database.db, {
      ids: assetIds,
      titlePrefix: 'Last',
      priceCents: PRICE_CENTS,
      shares: SHARES_PER_ASSET,
    });
    const investors = await createBulkInvestors(database.db, count, { cashCents });
    return { assetIds, investors, signPayload };
  } finally {
    await database.close();
  }
};

/**
 * An HTTP client on Node's own `http` with kept-alive connections: `send(method, path, headers, body)`
 * answers `{ status, json, ms, sentAt, answeredAt }` (wall-clock ms) and never throws for a status;
 * a network error answers status 0.
 */
export const httpClient = (url) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const { hostname, port } = new URL(url);
  const send = (method, path, headers = {}, body = undefined) =>
    new Promise((resolve) => {
      const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
      const sentAt = Date.now();
      const started = performance.now();
      const done = (status, json) =>
        resolve({ status, json, ms: performance.now() - started, sentAt, answeredAt: Date.now() });
      const request = http.request(
        {
          agent,
          hostname,
          port,
          method,
          path,
          headers: {
            ...headers,
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('error', () => done(0, null));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json = null;
            try {
              json = JSON.parse(text);
            } catch {
              json = { text };
            }
            done(response.statusCode ?? 0, json);
          });
        },
      );
      request.on('error', () => done(0, null));
      request.end(payload);
    });
  return { send, close: () => agent.destroy() };
};

/**
 * One complete purchase from the issuer over HTTP (initInvestment, the signing request, the
 * investor's Ed25519 signature), each call passed to `observe(name, answer)`. Answers the purchase
 * (`transactionId`, `shares`, `total` in cents) with `acknowledgedAt`, the time the signature was
 * answered 200, or null when a step did not answer 200 (`failure` names it).
 */
export const purchaseOverHttp = async ({ send, investor, assetId, shares, signPayload, observe = () => {} }) => {
  const init = await send('POST', `/api/v1/assets/initInvestment/${assetId}`, investor.headers, {
    shares,
    acknowledgedAppropriateness: true,
  });
  observe('initInvestment', init);
  if (init.status !== 200) return { failure: `initInvestment ${init.status} ${init.json?.error?.code ?? ''}` };
  const purchase = init.json.data;
  const request = await send(
    'GET',
    `/api/v1/securityApp/signingRequests/${purchase.signingRequestId}`,
    investor.headers,
  );
  observe('signingRequest', request);
  if (request.status !== 200) return { failure: `signingRequest ${request.status}`, purchase };
  const signed = await send(
    'POST',
    `/api/v1/securityApp/signingRequests/${purchase.signingRequestId}/signature`,
    investor.headers,
    { signature: signPayload(investor, request.json.data.canonicalPayload) },
  );
  observe('signature', signed);
  if (signed.status !== 200)
    return { failure: `signature ${signed.status} ${signed.json?.error?.code ?? ''}`, purchase };
  return {
    purchase: {
      transactionId: purchase.transactionId,
      assetId,
      shares: purchase.shares,
      total: BigInt(purchase.total),
      startedAt: init.sentAt,
      acknowledgedAt: signed.answeredAt,
    },
  };
};

/**
 * Runs `cleanup` (stop the server, drop the databases) when the run is interrupted (Ctrl-C,
 * SIGTERM from a time limit), then exits 130; answers a function that removes the handlers.
 */
export const cleanUpOnInterrupt = (cleanup) => {
  const handler = (signal) => {
    process.stderr.write(`${signal}: cleaning up\n`);
    Promise.resolve()
      .then(cleanup)
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
};
