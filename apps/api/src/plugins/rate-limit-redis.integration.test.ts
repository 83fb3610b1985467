import { randomInt } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { rateLimitMetrics } from './rate-limit-store.js';

/**
 * Issue 19: behind a load balancer the API nodes share the global request limit's counters when
 * RATE_LIMIT_REDIS_URL names a Redis (the login, reset and registration attempt counters are in
 * PostgreSQL anyway, `scale-out.integration.test.ts`). Two apps stand for two nodes; they run
 * where a Redis answers (every machine of this project starts one, CI included).
 */
const REDIS_URL = process.env.RATE_LIMIT_REDIS_URL ?? 'redis://127.0.0.1:6379';

const answers = (url: string): Promise<boolean> =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });

const redisAnswers = await answers(REDIS_URL);

describe.runIf(redisAnswers)('the global request limit shared by two API nodes through Redis', () => {
  const LIMIT = 4;
  let nodeA: TestApp;
  let nodeB: TestApp;
  beforeAll(async () => {
    const env = { RATE_LIMIT_MAX: String(LIMIT), RATE_LIMIT_REDIS_URL: REDIS_URL };
    nodeA = await createTestApp({ env });
    nodeB = await createTestApp({ env, database: nodeA.database });
  });
  afterAll(async () => {
    await nodeB?.app.close();
    await nodeA?.close();
  });

  it('counts the requests of one address on both nodes against one limit', async () => {
    // An address of its own per run: a second run within the window does not meet the first's counts.
    const remoteAddress = `198.51.100.${randomInt(1, 255)}`;
    const ask = (node: TestApp) =>
      node.app.inject({ url: '/api/v1/utils/frontendVersion', remoteAddress }).then((res) => res.statusCode);
    const codes = [await ask(nodeA), await ask(nodeB), await ask(nodeA), await ask(nodeB)];
    expect(codes).toEqual([200, 200, 200, 200]);
    // Each node has seen two requests; alone it would let two more through.
    expect(await ask(nodeA)).toBe(429);
    expect(await ask(nodeB)).toBe(429);
    // Another address is not affected.
    const other = await nodeB.app.inject({
      url: '/api/v1/utils/frontendVersion',
      remoteAddress: `192.0.2.${randomInt(1, 255)}`,
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('the global request limit while Redis is away (issue 41)', () => {
  const LIMIT = 3;
  let node: TestApp;
  beforeAll(async () => {
    // A port nobody listens on: the Redis of this node is down from the start.
    const env = { RATE_LIMIT_MAX: String(LIMIT), RATE_LIMIT_REDIS_URL: `redis://127.0.0.1:${await freePort()}` };
    node = await createTestApp({ env });
  });
  afterAll(async () => node?.close());

  it('counts on the node’s own counters, still refuses beyond the limit and says so in metrics', async () => {
    const before = (await rateLimitMetrics.localFallbacks.get()).values[0]?.value ?? 0;
    const remoteAddress = `203.0.113.${randomInt(1, 255)}`;
    const ask = () =>
      node.app.inject({ url: '/api/v1/utils/frontendVersion', remoteAddress }).then((res) => res.statusCode);
    const codes = [];
    for (let i = 0; i < LIMIT + 1; i += 1) codes.push(await ask());
    expect(codes).toEqual([200, 200, 200, 429]);
    const after = (await rateLimitMetrics.localFallbacks.get()).values[0]?.value ?? 0;
    expect(after - before).toBe(LIMIT + 1);
    expect((await rateLimitMetrics.shared.get()).values[0]?.value).toBe(0);
  });
});
