import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const TOKEN = 'metrics-test-token-0123456789abcdef';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, SEED: 'demo' } });
});
afterAll(() => t.close());

const scrape = () => t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
const sample = (body: string, line: RegExp) =>
  Number(
    body
      .split('\n')
      .find((l) => line.test(l))
      ?.split(' ')
      .pop(),
  );

describe('/metrics', () => {
  it('answers 401 without the token and with a wrong one', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
  });

  it('shows the request just made in the latency histogram of its route', async () => {
    const before = (await scrape()).body;
    const countLine =
      /^brickwise_http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\}/;
    const seen = Number.isNaN(sample(before, countLine)) ? 0 : sample(before, countLine);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const after = await scrape();
    expect(after.statusCode).toBe(200);
    expect(after.headers['content-type']).toContain('text/plain');
    expect(sample(after.body, countLine)).toBe(seen + 1);
  });

  it('reports the shared figures: job queues, outbox, ledger postings, signing requests', async () => {
    const body = (await scrape()).body;
    for (const name of [
      'brickwise_job_queue_depth',
      'brickwise_outbox_pending',
      'brickwise_outbox_lag_seconds',
      'brickwise_ledger_postings',
      'brickwise_signing_requests',
      'brickwise_pg_pool_connections',
      'brickwise_process_cpu_seconds_total',
    ])
      expect(body).toContain(`# TYPE ${name}`);
    // The demo investors' seeded purchases went through the ledger and their signing requests.
    expect(sample(body, /^brickwise_ledger_postings /)).toBeGreaterThan(0);
    expect(body).toMatch(/^brickwise_signing_requests\{state="[a-z]+"\} [1-9]/m);
  });
});

describe('/metrics on its own port (METRICS_PORT)', () => {
  it('answers without a token on the internal port, and the public port has no /metrics', async () => {
    const port = await freePort();
    const internal = await createTestApp({
      env: { METRICS_PORT: String(port), HOST: '127.0.0.1' },
      database: t.database,
    });
    try {
      expect((await internal.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(
        /^brickwise_http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} [1-9]/m,
      );
      expect((await fetch(`http://127.0.0.1:${port}/anything`)).status).toBe(404);
      expect((await internal.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await internal.app.close();
    }
  });
});
