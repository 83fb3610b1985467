import { exitOnFailure, runServer } from './server.js';

// An API node: serves the product; runs the jobs and the outbox relay too unless WORKER=false.
runServer(process.env, 'api').catch(exitOnFailure);
