import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.js';
import { freePort } from './test/free-port.js';
import { type SpawnedServer, spawnNode, waitForReady } from './test/spawn-server.js';
import { tracingConfigured } from './tracing.js';

type Span = { name: string; kind: number; attributes: { key: string; value: { stringValue?: string } }[] };
type Export = { resourceSpans: { resource: { attributes: Span['attributes'] }; scopeSpans: { spans: Span[] }[] }[] };

/**
 * Issue 19: OpenTelemetry tracing is optional by setting. A real server process with
 * OTEL_EXPORTER_OTLP_ENDPOINT set exports its spans over OTLP/HTTP (JSON) to a collector started
 * here: the request just made is a server span with its path; health probes are left out.
 */
describe('tracing', () => {
  const exports: Export[] = [];
  let collector: Server;
  let server: SpawnedServer;
  let baseUrl: string;
  let dataDir: string;

  beforeAll(async () => {
    collector = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += String(chunk);
      });
      request.on('end', () => {
        if (request.url === '/v1/traces') exports.push(JSON.parse(body) as Export);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'bw-tracing-'));
    server = spawnNode(['--import', 'tsx', path.join(REPO_ROOT, 'apps/api/src/main.ts')], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED: 'none',
        WORKER: 'false',
        WEB_DIST_DIR: '/nonexistent-web-dist',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
        OTEL_SERVICE_NAME: 'brickwise-api-test',
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
    });
    await waitForReady(baseUrl, server, 240_000);
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => collector?.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is on only when an OTLP endpoint is configured', () => {
    expect(tracingConfigured({})).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(
      false,
    );
  });

  it('exports the request it just served and its queries to the collector', async () => {
    expect((await fetch(`${baseUrl}/api/v2/assets?pageSize=1`)).status).toBe(200);
    const spans = () =>
      exports.flatMap((one) => one.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((s) => s.spans)));
    const value = (span: Span, key: string) => span.attributes.find((a) => a.key === key)?.value.stringValue;
    // The path attribute of the stable HTTP conventions, or the older `http.target` (path and query).
    const pathOf = (span: Span) => (value(span, 'url.path') ?? value(span, 'http.target') ?? '').split('?')[0];
    await expect
      .poll(() => spans().some((span) => span.kind === 2 && pathOf(span) === '/api/v2/assets'), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(spans().some((span) => pathOf(span) === '/readyz')).toBe(false);
    const service = exports[0]?.resourceSpans[0]?.resource.attributes.find((a) => a.key === 'service.name');
    expect(service?.value.stringValue).toBe('brickwise-api-test');
  }, 60_000);
});
