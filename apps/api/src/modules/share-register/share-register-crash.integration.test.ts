import { sign } from 'node:crypto';
import { verifyRegisterLog } from '@bw/register';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.js';
import { type SpawnedServer, spawnServer, waitForReady } from '../../test/spawn-server.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createTestDatabase, type TestDatabase, usesPostgres } from '../../test/test-database.js';
import {
  answerInApp,
  createInvestor,
  createPrimaryAsset,
  type Investor,
} from '../primary-market/primary-market.test-support.js';
import { registerLedgerDisagreements, registerLogOf } from './register-admin.js';
import { registerSignerFromSeed } from './register-roots.js';

/**
 * Issue 39, "must show": the register and the ledger agree (shares per holder per asset) after a
 * kill -9 under load. A second server process on the same PostgreSQL database settles purchases
 * from many investors at once; it is killed with SIGKILL in the middle of them. Every settlement
 * that committed moved both, every one that did not moved neither; the log still verifies, and
 * it goes on after the crash.
 */
const INVESTORS = 12;
/** Settled purchases before the kill: the load is well under way. */
const SETTLED_BEFORE_KILL = 15;

describe.skipIf(!usesPostgres())('the register and the ledger after kill -9 under load (PostgreSQL)', () => {
  let database: TestDatabase;
  let t: TestApp;
  let server: SpawnedServer | null = null;

  beforeAll(async () => {
    database = await createTestDatabase();
    t = await createTestApp({ database, env: { DATABASE_POOL_SIZE: '10', LOG_LEVEL: 'error' } });
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) await server.stop();
    await t?.close();
    await database?.close();
  });

  it('every settlement is in both or in neither; the log verifies and continues', async () => {
    const { app } = t;
    const assetId = await createPrimaryAsset(app.db, { availableShares: 2_000, totalShares: 2_000 });
    const investors: Investor[] = [];
    for (let i = 0; i < INVESTORS; i += 1) investors.push(await createInvestor(app, { cashCents: 50_000_000n }));

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const spawned = spawnServer({
      DATABASE_URL: database.connectionString ?? '',
      DATABASE_POOL_SIZE: '20',
      PORT: String(port),
      HOST: '127.0.0.1',
      WORKER: 'false',
      SEED: 'none',
      RATE_LIMIT_MAX: '1000000',
      WEB_DIST_DIR: '/nonexistent',
      REGISTER_SIGNING_KEY: app.config.REGISTER_SIGNING_KEY,
    });
    server = spawned;
    await waitForReady(base, spawned);

    const call = async (path: string, headers: Record<string, string>, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as { data: Record<string, string> } };
    };
    let settled = 0;
    let stopped = false;
    // Each investor buys one share and signs it, again and again, until the server is gone.
    const load = investors.map(async (investor) => {
      while (!stopped) {
        try {
          const bought = await call(`/api/v1/assets/initInvestment/${assetId}`, investor.headers, {
            shares: 1,
            acknowledgedAppropriateness: true,
          });
          if (bought.status !== 200) throw new Error(`purchase answered ${bought.status}`);
          const requestId = bought.body.data.signingRequestId ?? '';
          const request = await call(`/api/v1/securityApp/signingRequests/${requestId}`, investor.appHeaders);
          const signature = sign(
            null,
            Buffer.from(request.body.data.canonicalPayload ?? '', 'utf8'),
            investor.privateKey,
          ).toString('base64url');
          const signed = await call(`/api/v1/securityApp/signingRequests/${requestId}/signature`, investor.appHeaders, {
            signature,
          });
          if (signed.status === 200) settled += 1;
        } catch {
          // The server died under the request (ECONNRESET) or refused it: this investor stops.
          return;
        }
      }
    });

    const deadline = Date.now() + 120_000;
    while (settled < SETTLED_BEFORE_KILL && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBeGreaterThanOrEqual(SETTLED_BEFORE_KILL);
    spawned.child.kill('SIGKILL');
    expect(await spawned.exited).toBeNull();
    stopped = true;
    await Promise.all(load);
    server = null;

    // What the killed process committed: both books moved together, and the log links up.
    expect(await registerLedgerDisagreements(app.db, assetId)).toEqual([]);
    const signer = registerSignerFromSeed(app.config.REGISTER_SIGNING_KEY);
    const logOf = async () => JSON.parse(JSON.stringify(await registerLogOf(app.db, signer, assetId, new Date())));
    const afterCrash = await logOf();
    expect(afterCrash.entries.length).toBeGreaterThanOrEqual(SETTLED_BEFORE_KILL);
    expect(verifyRegisterLog(afterCrash).failures).toEqual([]);

    // The platform goes on after the crash: another purchase appends to the same chain.
    const [next] = investors;
    if (!next) throw new Error('no investor');
    const bought = await app.inject({
      method: 'POST',
      url: `/api/v1/assets/initInvestment/${assetId}`,
      headers: next.headers,
      payload: { shares: 2, acknowledgedAppropriateness: true },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await answerInApp(app, next, bought.json().data.signingRequestId)).statusCode).toBe(200);
    expect(await registerLedgerDisagreements(app.db, assetId)).toEqual([]);
    const continued = await logOf();
    expect(continued.entries.length).toBe(afterCrash.entries.length + 1);
    expect(verifyRegisterLog(continued).failures).toEqual([]);
  }, 240_000);
});
