import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { readUploadPart, safeFileName } from './multipart-upload.js';

/**
 * The upload reader over a real socket: the size limit counted on the stream (413 before the rest
 * arrives), the deadline for a slow upload (408, issue 23: "upload up to a minute"), the file name.
 */
const DEADLINE_MS = 300;
const LIMIT = 1_000;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = Fastify();
  await app.register(multipart);
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof AppError) return reply.status(error.status).send({ code: error.code });
    return reply.status(500).send({ code: 'INTERNAL' });
  });
  app.post('/upload', async (req, reply) => {
    const part = await readUploadPart(req, {
      maxBytes: LIMIT,
      tooLarge: 'FILE_TOO_LARGE',
      missing: () => new AppError('FILE_MISSING'),
      timeoutMs: DEADLINE_MS,
      onTimeout: () => reply.header('connection', 'close'),
    });
    return { size: part.bytes.length, fileName: part.fileName };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

const BOUNDARY = 'b0undary';
const head = (name = 'file') =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
const tail = `\r\n--${BOUNDARY}--\r\n`;

/** Sends `chunks` with `pauseMs` between them (without ending when `end` is false); resolves with the answer. */
const send = (chunks: string[], options: { pauseMs?: number; end?: boolean } = {}) =>
  new Promise<{ status: number; body: string; ms: number; closed: boolean }>((resolve, reject) => {
    const started = Date.now();
    const req = request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/upload',
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body,
            ms: Date.now() - started,
            closed: res.headers.connection === 'close',
          }),
        );
      },
    );
    req.on('error', reject);
    const write = async () => {
      for (const chunk of chunks) {
        if (req.destroyed) return;
        req.write(chunk);
        if (options.pauseMs) await new Promise((done) => setTimeout(done, options.pauseMs));
      }
      if (options.end !== false) req.end();
    };
    void write();
  });

describe('readUploadPart', () => {
  it('reads a file in time', async () => {
    const res = await send([head(), '%PDF-1.4 hallo', tail]);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ size: 14, fileName: 'a.pdf' });
  });

  it('answers 408 when the bytes stop arriving before the deadline', async () => {
    const res = await send([head(), '%PDF-1.4 der Rest kommt nie'], { end: false });
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body).code).toBe('UPLOAD_TIMEOUT');
    expect(res.closed).toBe(true);
    expect(res.ms).toBeGreaterThanOrEqual(DEADLINE_MS - 20);
    expect(res.ms).toBeLessThan(DEADLINE_MS + 2_000);
  });

  it('answers 408 when even the part header does not arrive', async () => {
    const res = await send([`--${BOUNDARY}\r\nContent-Disp`], { end: false });
    expect(res.status).toBe(408);
  });

  it('stops at the size limit on the stream with 413', async () => {
    const res = await send([head(), 'x'.repeat(LIMIT + 1), tail]);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).code).toBe('FILE_TOO_LARGE');
  });

  it('refuses a part under another name', async () => {
    const res = await send([head('document'), '%PDF-1.4', tail]);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).code).toBe('FILE_MISSING');
  });
});

describe('safeFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\Anna\\Beleg März.pdf', 'Beleg März.pdf'],
    ['a"b<c>.pdf', 'a_b_c_.pdf'],
    ['', 'Datei'],
    ['x'.repeat(300), 'x'.repeat(200)],
  ])('%s → %s', (input, expected) => {
    expect(safeFileName(input, 'Datei')).toBe(expected);
  });
});
