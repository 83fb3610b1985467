import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work started from (issue 19: a request id that follows a request through
 * jobs and webhooks). The HTTP layer runs each request inside it; the outbox and the job runner
 * store its id with the work they queue and log under it when the worker picks the work up.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

export const runWithRequestId = <T>(requestId: string, work: () => T): T => storage.run({ requestId }, work);

/** The id of the request being served, if any (null in jobs, schedules and at start). */
export const currentRequestId = (): string | null => storage.getStore()?.requestId ?? null;
