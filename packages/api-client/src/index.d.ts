import type { Client, ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };

/** A typed client of the Brickwise API: openapi-fetch over the generated `paths` (ADR 0037). */
export declare const createApiClient: (options: ClientOptions) => Client<paths>;
