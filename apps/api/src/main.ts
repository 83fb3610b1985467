import { startTracing, tracingConfigured } from './tracing.js';

// Tracing first (when configured), so http and pg are patched before the server loads them.
if (tracingConfigured(process.env)) startTracing('api');
const { exitOnFailure, runServer } = await import('./server.js');

// An API node: serves the product; runs the jobs and the outbox relay too unless WORKER=false.
runServer(process.env, 'api').catch(exitOnFailure);
