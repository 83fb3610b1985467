import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOGIN_THROTTLE } from '@bw/domain';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.js';
import { freePort } from './test/free-port.js';
import { buildServer } from './test/production-tree.js';
import {
  buyFromIssuer,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  demoRecoverySecret,
  linkPrivateApp,
  login,
  purchaseStatus,
  signRequest,
} from './test/smoke-flow.js';
import { type SpawnedServer, spawnNode, waitForReady } from './test/spawn-server.js';
import { createScratchDatabase, type ScratchDatabase, usesPostgres } from './test/test-database.js';

/**
 * Issue 19, the scale-out topology of compose.yaml as processes (docker cannot run here): one
 * PostgreSQL database, workers (jobs, outbox relay) and two API nodes with jobs off, all the
 * compiled server. compose.yaml runs one worker; here two compete for every job, so "once" means
 * once. A socket on node A hears a purchase settled through node B (the socket.io Postgres
 * adapter); mail asked for on either node is sent once; a pg-boss job runs once; login tries on
 * both nodes count against one limit.
 */
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));

/**
 * compose.yaml's load balancer as a process: deploy/nginx.conf with the two nodes' local
 * addresses for `api1:3000`/`api2:3000` and a free port for `8080`.
 */
const startNginx = async (nodes: string[], port: number) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-nginx-'));
  let conf = fs.readFileSync(path.join(REPO_ROOT, 'deploy/nginx.conf'), 'utf8');
  nodes.forEach((node, index) => {
    conf = conf.replace(`api${index + 1}:3000`, new URL(node).host);
  });
  conf = conf
    .replace('listen 8080;', `listen 127.0.0.1:${port};`)
    .replace('worker_processes auto;', 'worker_processes 1;');
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const args = [
    '-p',
    dir,
    '-c',
    path.join(dir, 'nginx.conf'),
    '-e',
    'stderr',
    '-g',
    `pid ${dir}/nginx.pid; daemon off;`,
  ];
  const check = spawnSync(NGINX as string, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  // In the foreground, as this test's child: stopped by its signal, never left behind as a daemon.
  const nginx = spawn(NGINX as string, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (
    !(await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline || nginx.exitCode !== null) throw new Error('nginx did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};

describe.runIf(usesPostgres())('two API nodes and a worker on one PostgreSQL', () => {
  let database: ScratchDatabase;
  const servers: SpawnedServer[] = [];
  let nodeA: string;
  let nodeB: string;
  /** The recovery secret of Anna's currently linked app (each test links its own). */
  let recoverySecret: string | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-scale-'));
  const currentSecret = () => recoverySecret ?? demoRecoverySecret(dataDir);

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
        // The seed's demo keys go here (ADR 0022); every node shares it, as on one host.
        DATA_DIR: dataDir,
        ...env,
      },
    });
    servers.push(server);
    await waitForReady(origin, server, 300_000);
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
      start('worker', { SEED: 'none' }),
    ]);
  }, 400_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers to a socket on node A the updates of a purchase settled through node B', async () => {
    const session = await login(nodeB);
    const linked = await linkPrivateApp(session, currentSecret());
    recoverySecret = linked.recoverySecret;
    const { key } = linked;

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

  it.runIf(NGINX)(
    'passes REST and the WebSocket through the load balancer of compose.yaml without stickiness',
    async () => {
      const lb = await startNginx([nodeA, nodeB], await freePort());
      let socket: Socket | null = null;
      try {
        const servedBy = new Set<string>();
        for (let i = 0; i < 4; i += 1) {
          const res = await fetch(`${lb.url}/healthz`);
          expect(res.status).toBe(200);
          servedBy.add(res.headers.get('x-served-by') ?? '');
        }
        // Round robin: both nodes answered.
        expect([...servedBy].sort()).toEqual([new URL(nodeA).host, new URL(nodeB).host].sort());

        const session = await login(lb.url);
        const linked = await linkPrivateApp(session, currentSecret());
        recoverySecret = linked.recoverySecret;
        const { key } = linked;
        socket = connect(lb.url, {
          path: '/socket.io',
          transports: ['websocket'],
          reconnection: false,
          extraHeaders: { cookie: session.cookie },
        });
        await new Promise<void>((resolve, reject) => {
          socket?.once('connect', resolve);
          socket?.once('connect_error', reject);
        });
        expect(await socket.timeout(5000).emitWithAck('announce', { email: DEMO_EMAIL, socketId: socket.id })).toEqual({
          ok: true,
        });
        const purchase = await buyFromIssuer(session, 1);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const assetsHeard = new Promise<unknown>((resolve) => socket?.once('update_assets', resolve));
        await signRequest(session, key, purchase.signingRequestId);
        expect(await assetsHeard).toMatchObject({ assetIds: expect.arrayContaining(['pv-landshut-agri']) });
        expect(await purchaseStatus(session, purchase.transactionId)).toBe('settled');
      } finally {
        socket?.close();
        await lb.stop();
      }
    },
  );

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
  it('runs a pg-boss job once although two workers poll its queue', async () => {
    const to = `skala.job.${Date.now()}@example.at`;
    const boss = new PgBoss({ connectionString: database.url, supervise: false, schedule: false, migrate: false });
    await boss.start();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const jobId = await boss.send('notifications.send-email', {
        to,
        subject: 'Auftrag',
        text: 'Genau einmal.',
        html: '<p>Genau einmal.</p>',
      });
      expect(jobId).toBeTruthy();
      const deadline = Date.now() + 20_000;
      let job: { state: string; retry_count: number } | undefined;
      while (Date.now() < deadline) {
        job = (
          await client.query<{ state: string; retry_count: number }>(
            'SELECT state, retry_count FROM pgboss.job WHERE id = $1',
            [jobId],
          )
        ).rows[0];
        if (job?.state === 'completed') break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(job).toEqual({ state: 'completed', retry_count: 0 });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const sent = await client.query<{ idempotency_key: string }>(
        'SELECT idempotency_key FROM dev_messages WHERE recipient = $1',
        [to],
      );
      expect(sent.rows).toEqual([{ idempotency_key: `job:${jobId}` }]);
    } finally {
      await client.end();
      await boss.stop({ graceful: false });
    }
  });

  it('counts login tries made on both nodes against one limit per account and address', async () => {
    const email = 'ben.huber@demo.brickwise.at';
    const tryLogin = async (node: string, password: string) => {
      const res = await fetch(`${node}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      return { status: res.status, code: ((await res.json()) as { error?: { code: string } }).error?.code };
    };
    const max = LOGIN_THROTTLE.perAccountAndAddress.max;
    const failures = [];
    // Alternating: each node sees fewer wrong passwords than the limit; together they reach it.
    for (let i = 0; i < max; i += 1) failures.push(await tryLogin(i % 2 === 0 ? nodeA : nodeB, `Falsch-${i}-Passwort`));
    expect(failures.map((f) => f.status)).toEqual(Array(max).fill(401));
    expect(await tryLogin(nodeA, DEMO_PASSWORD)).toEqual({ status: 429, code: 'LOGIN_THROTTLED' });
    expect(await tryLogin(nodeB, DEMO_PASSWORD)).toEqual({ status: 429, code: 'LOGIN_THROTTLED' });
  });
});
