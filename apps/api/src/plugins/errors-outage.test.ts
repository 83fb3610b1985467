import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.js';
import { toErrorReply } from './errors.js';

/**
 * Issue 41: while the database is away (restart, failover, a terminated backend) and while the
 * uploads disk is full, the API answers 503 or 507 with a German text, never 500.
 */
const refusedConnection = async (): Promise<unknown> => {
  const client = new pg.Client({ host: '127.0.0.1', port: await freePort(), user: 'nobody' });
  return client.connect().then(
    () => new Error('connected'),
    (error: unknown) => error,
  );
};

describe('errors of an outage', () => {
  it('answers 503 SERVICE_UNAVAILABLE in German when the database refuses connections', async () => {
    const reply = toErrorReply(await refusedConnection());
    expect(reply.status).toBe(503);
    expect(reply.internal).toBe(false);
    expect(reply.payload.error).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Der Dienst ist gerade nicht erreichbar. Bitte versuche es gleich nochmal.',
    });
  });

  it.each([
    ['57P01 (terminated by the administrator)', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['08006 (connection failure)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['57P03 (starting up)', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a dead connection', new Error('Connection terminated unexpectedly')],
    ['an exhausted pool', new Error('timeout exceeded when trying to connect')],
    [
      'a query error wrapping a dead connection',
      Object.assign(new Error('Failed query: select 1'), { cause: new Error('Connection terminated unexpectedly') }),
    ],
  ])('answers 503 for %s', (_name, error) => {
    expect(toErrorReply(error)).toMatchObject({ status: 503, payload: { error: { code: 'SERVICE_UNAVAILABLE' } } });
  });

  it('answers 507 STORAGE_FULL in German when the disk is full', () => {
    const error = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(toErrorReply(error)).toMatchObject({
      status: 507,
      internal: false,
      payload: {
        error: {
          code: 'STORAGE_FULL',
          message: 'Der Speicher für Dokumente ist gerade voll. Bitte versuche es später nochmal.',
        },
      },
    });
  });

  it('still answers 500 for an error it does not know', () => {
    expect(toErrorReply(new Error('boom')).status).toBe(500);
  });
});
