import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';

/**
 * OpenTelemetry tracing, off unless configured (issue 19, ADR 0021): with
 * `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) set, every HTTP request
 * and every PostgreSQL query becomes a span, exported over OTLP/HTTP to the collector. It is
 * loaded before the server (main.ts, worker.ts), so the instrumented modules are patched when the
 * app requires them; the service name comes from `OTEL_SERVICE_NAME` (default `brickwise-api`).
 * Health and metrics probes are not traced.
 */
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

export const tracingConfigured = (env: Record<string, string | undefined>): boolean =>
  Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) &&
  env.OTEL_SDK_DISABLED !== 'true';

export const startTracing = (role: 'api' | 'worker'): NodeSDK => {
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? `brickwise-${role}`,
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED.has((request.url ?? '').split('?')[0] ?? ''),
      }),
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  sdk.start();
  const stop = () => {
    void sdk.shutdown().catch(() => undefined);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return sdk;
};
