import path from 'node:path';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.js';
import { freePort } from './test/free-port.js';
import { buildServer } from './test/production-tree.js';
import { buyFromIssuer, DEMO_EMAIL, linkPrivateApp, login, purchaseStatus, signRequest } from './test/smoke-flow.js';
import { type SpawnedServer, spawnNode, waitForReady } from './test/spawn-server.js';
import { createScratchDatabase, type ScratchDatabase, usesPostgres } from './test/test-database.js';

/**
 * Issue 19, the scale-out topology of compose.yaml as processes (docker cannot run here): one
 * PostgreSQL database, a worker (jobs, outbox relay) and two API nodes with jobs off, all the
 * compiled server. A socket on node A hears a purchase settled through node B (the socket.io
 * Postgres adapter); mail asked for on either node is sent once, by the worker.
 */
describe.runIf(usesPostgres())('two API nodes and a worker on one PostgreSQL', () => {
  let database: ScratchDatabase;
  const servers: SpawnedServer[] = [];
  let nodeA: string;
  let nodeB: string;

  const start = async (entry: 'main' | 'worker', env: Record<string, string>) => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = spawnNode(['--conditions=bw-compiled', path.join(REPO_ROOT, `apps/api/dist/${entry}.js`)], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        // Behind one load balancer every node has the same public address; here each its own.
        PUBLIC_URL: origin,
        WEB_ORIGINS: origin,
        LOG_LEVEL: 'warn',
        DATABASE_URL: database.url,
        ...env,
      },
    });
    servers.push(server);
    await waitForReady(origin, server, 120_000);
    return origin;
  };

  beforeAll(async () => {
    buildServer();
    database = await createScratchDatabase('bw_scale');
    // The worker migrates and seeds first; the API nodes find both done.
    await start('worker', { SEED: 'demo' });
    [nodeA, nodeB] = await Promise.all([
      start('main', { WORKER: 'false', SEED: 'none' }),
      start('main', { WORKER: 'false', SEED: 'none' }),
    ]);
  }, 300_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  it('delivers to a socket on node A the updates of a purchase settled through node B', async () => {
    const session = await login(nodeB);
    const key = await linkPrivateApp(session);

    const socket: Socket = connect(nodeA, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: session.cookie },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      expect(await socket.timeout(5000).emitWithAck('announce', { email: DEMO_EMAIL, socketId: socket.id })).toEqual({
        ok: true,
      });

      const purchase = await buyFromIssuer(session, 1, nodeB);
      // Let the announcements of the reservation pass, then listen for those of the settlement.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const heard: { event: string; payload: unknown }[] = [];
      socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
      await signRequest(session, key, purchase.signingRequestId, nodeB);
      const deadline = Date.now() + 10_000;
      while (
        Date.now() < deadline &&
        !(heard.some((h) => h.event === 'update') && heard.some((h) => h.event === 'update_assets'))
      )
        await new Promise((resolve) => setTimeout(resolve, 100));

      expect(heard.filter((h) => h.event === 'update').length).toBeGreaterThan(0);
      expect(heard.find((h) => h.event === 'update_assets')?.payload).toMatchObject({
        assetIds: expect.arrayContaining(['pv-landshut-agri']),
      });
      expect(await purchaseStatus({ ...session, baseUrl: nodeA }, purchase.transactionId)).toBe('settled');
    } finally {
      socket.close();
    }
  });

  it('sends the mail asked for on either node exactly once, from the worker', async () => {
    const emails = ['skala.a@example.at', 'skala.b@example.at'];
    for (const [index, node] of [nodeA, nodeB].entries()) {
      const res = await fetch(`${node}/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: emails[index] }),
      });
      expect(res.status).toBe(200);
    }
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const deadline = Date.now() + 20_000;
      let rows: { recipient: string; n: number }[] = [];
      while (Date.now() < deadline) {
        rows = (
          await client.query<{ recipient: string; n: number }>(
            `SELECT recipient, count(*)::int AS n FROM dev_messages WHERE recipient = ANY($1) GROUP BY recipient`,
            [emails],
          )
        ).rows;
        if (rows.length === 2) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // Give a second delivery the chance to happen before counting.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const final = await client.query<{ recipient: string; n: number }>(
        `SELECT recipient, count(*)::int AS n FROM dev_messages WHERE recipient = ANY($1) GROUP BY recipient ORDER BY recipient`,
        [emails],
      );
      expect(final.rows).toEqual([
        { recipient: emails[0], n: 1 },
        { recipient: emails[1], n: 1 },
      ]);
      const outbox = await client.query<{ attempts: number; delivered: boolean }>(
        `SELECT attempts, delivered_at IS NOT NULL AS delivered FROM outbox
         WHERE topic = 'notifications.send-email' AND payload->>'to' = ANY($1)`,
        [emails],
      );
      expect(outbox.rows).toEqual([
        { attempts: 1, delivered: true },
        { attempts: 1, delivered: true },
      ]);
    } finally {
      await client.end();
    }
  });
});
