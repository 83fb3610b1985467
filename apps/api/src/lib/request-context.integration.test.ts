import { outbox } from '@bw/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, type JobDefinition } from '../jobs/registry.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { runWithRequestId } from './request-context.js';

/** Issue 19: the request id follows a request into the work it queues. */
const seen: Record<string, unknown>[] = [];
const captureJob = defineJob({
  name: 'test.capture-request-id',
  payload: z.object({ n: z.number() }),
  retry: { limit: 0, delaySeconds: 1, backoff: false },
  handler: async (_payload, { log }) => {
    // pino's child logger: its bindings are what every line it writes carries.
    seen.push((log as unknown as { bindings(): Record<string, unknown> }).bindings());
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: { jobs: [captureJob as JobDefinition] } });
});
afterAll(() => t.close());

describe('request id into queued work', () => {
  it("stores the request's x-request-id with the outbox rows it queues", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: { 'x-request-id': 'trace-registrierung-0001' },
      payload: { email: 'spur@example.at' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('trace-registrierung-0001');
    const rows = await t.app.db
      .select({ requestId: outbox.requestId })
      .from(outbox)
      .where(eq(outbox.topic, 'notifications.send-email'));
    expect(rows.map((r) => r.requestId)).toContain('trace-registrierung-0001');
  });

  it('logs the delivery under that request id', async () => {
    await runWithRequestId('trace-zustellung-0002', () =>
      t.app.db.transaction((tx) => t.app.outbox.enqueue(tx, captureJob.name, 'capture-1', { n: 1 })),
    );
    await t.app.db.transaction((tx) => t.app.outbox.enqueue(tx, captureJob.name, 'capture-2', { n: 2 }));
    await t.app.outboxRelay.drain();
    expect(seen.map((b) => b.reqId)).toEqual(['trace-zustellung-0002', undefined]);
  });
});
