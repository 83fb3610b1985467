import { PassThrough } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { logFormatOf, prettyLogStream, registerRequestLines, requestLine } from './console-log.js';

describe('the console log (issue 34)', () => {
  it('is readable lines in development and JSON in production and in tests', () => {
    expect(logFormatOf({ NODE_ENV: 'development', LOG_FORMAT: undefined })).toBe('pretty');
    expect(logFormatOf({ NODE_ENV: 'production', LOG_FORMAT: undefined })).toBe('json');
    expect(logFormatOf({ NODE_ENV: 'test', LOG_FORMAT: undefined })).toBe('json');
    expect(logFormatOf({ NODE_ENV: 'development', LOG_FORMAT: 'json' })).toBe('json');
    expect(logFormatOf(loadConfig({}))).toBe('pretty');
  });

  it('refuses readable lines in production, where pino-pretty is not installed', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty', PUBLIC_URL: 'https://x.example' })).toThrow(
      /LOG_FORMAT: must be json when NODE_ENV=production/,
    );
  });

  it('writes one line per request with the route pattern, never the raw URL', async () => {
    const sink = new PassThrough();
    let text = '';
    sink.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    const app = Fastify({
      logger: { level: 'info', stream: await prettyLogStream(sink) },
      logController: new LogController({ disableRequestLogging: true }),
    });
    registerRequestLines(app);
    app.get('/api/v1/user/:email', async () => ({ ok: true }));
    await app.ready();
    await app.inject({ url: '/api/v1/user/anna.berger%40example.at' });
    await app.close();
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: GET \/api\/v1\/user\/:email → 200 in \d+ ms$/);
    expect(text).not.toContain('anna.berger');
  });

  it('names a request without a route as such', () => {
    expect(requestLine({ method: 'GET', route: undefined, statusCode: 404, elapsedMs: 1.4 })).toBe(
      'GET (no route) → 404 in 1 ms',
    );
  });
});
