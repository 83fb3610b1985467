import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('is alive and ready once migrations are applied', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ data: { status: 'ok' } });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data.status).toBe('ready');
  });

  it('is not ready while a migration of this build is missing from the database', async () => {
    const [last] = (
      (await t.app.db.execute(sql`SELECT tag FROM schema_migrations ORDER BY tag DESC LIMIT 1`)) as unknown as {
        rows: { tag: string }[];
      }
    ).rows;
    await t.app.db.execute(sql`DELETE FROM schema_migrations WHERE tag = ${last?.tag}`);
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
    await t.app.db.execute(sql`INSERT INTO schema_migrations (tag) VALUES (${last?.tag})`);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
