import { startTracing, tracingConfigured } from './tracing.js';

if (tracingConfigured(process.env)) startTracing('worker');
const { exitOnFailure, runServer } = await import('./server.js');

/**
 * The worker process of a scaled-out installation (docs/runbooks/deploy.md): pg-boss jobs, the
 * outbox relay, the scheduled jobs and the sandbox providers' webhook delivery, whatever WORKER
 * says. It is the same server (so the sandboxes' webhooks and /readyz reach it), kept out of the
 * load balancer; the API nodes run with WORKER=false.
 */
runServer({ ...process.env, WORKER: 'true' }, 'worker').catch(exitOnFailure);
