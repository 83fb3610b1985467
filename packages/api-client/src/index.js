import createClient from 'openapi-fetch';

/**
 * A typed client of the Brickwise API (ADR 0037): openapi-fetch over the types generated from the
 * production OpenAPI document (`schema.d.ts`, declared in `index.d.ts`). Paths, parameters, bodies
 * and answers are checked at compile time; at run time it is fetch.
 */
export const createApiClient = (options) => createClient(options);
