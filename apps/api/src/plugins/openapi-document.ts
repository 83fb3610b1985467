import {
  CSRF_HEADER,
  errorBody,
  IDV_SIGNATURE_HEADER,
  isChangingMethod,
  isPublicAdminRoute,
  PROBLEM_JSON,
  PSP_SIGNATURE_HEADER,
  problemDetails,
  SESSION_COOKIE,
  STAFF_CSRF_HEADER,
  STAFF_SESSION_COOKIE,
} from '@bw/contracts';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { accessOf, isProtectedPath } from './access.js';

/**
 * What the OpenAPI document says beyond the zod schemas, derived in one place from what the server
 * does (ADR 0037): an operationId from method and path, the security a route's access declares
 * (plugins/access.ts), the error answers every route can give, and JSON schemas that name only
 * properties they define.
 */

type JsonSchema = Record<string, unknown>;
type SecurityRequirement = Record<string, string[]>;

/** The security schemes a caller can present; their names appear in each operation's `security`. */
export const securitySchemes = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The investor session, set by `POST /auth/login`.',
  },
  csrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: CSRF_HEADER,
    description: 'The session’s CSRF token (`csrfToken` of the login answer); required on POST, PUT, PATCH and DELETE.',
  },
  securityAppToken: {
    type: 'http',
    scheme: 'SecurityApp',
    description: 'The device token of a linked security app: `Authorization: SecurityApp <token>`.',
  },
  staffSessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: STAFF_SESSION_COOKIE,
    description: 'The staff session of the back office, set by its login.',
  },
  staffCsrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: STAFF_CSRF_HEADER,
    description: 'The staff session’s CSRF token; required on changing calls.',
  },
  pspSignature: {
    type: 'apiKey',
    in: 'header',
    name: PSP_SIGNATURE_HEADER,
    description: 'HMAC-SHA256 of the payment provider over `x-psp-timestamp` and the raw body.',
  },
  idvSignature: {
    type: 'apiKey',
    in: 'header',
    name: IDV_SIGNATURE_HEADER,
    description: 'HMAC-SHA256 of the identification provider over `x-idv-timestamp` and the raw body.',
  },
} as const;

export type SecuritySchemeName = keyof typeof securitySchemes;

const ADMIN_PREFIX = '/admin/';

const capitalize = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);
const camelWords = (segment: string): string[] => segment.split(/[^A-Za-z0-9]+/).filter(Boolean);

/**
 * `POST /api/v1/securityApp/signingRequests/:id/signature` → `postSecurityAppSigningRequestsByIdSignature`:
 * method and path, the version prefix dropped (`/launchpad/api/v1/…` → `launchpad…`), a parameter
 * `:id` read as `ById`. Method and path are unique per route, so the ids are too.
 */
export const operationIdOf = (method: string, url: string): string => {
  const words = url
    .replace(/\/api\/v\d+(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      if (segment.startsWith(':')) return ['By', ...camelWords(segment.slice(1)).map(capitalize)];
      if (segment === '*') return ['Wildcard'];
      return camelWords(segment).map(capitalize);
    });
  return `${method.toLowerCase()}${words.join('')}`;
};

type RouteLike = Pick<RouteOptions, 'config' | 'url'> & { method: string };

/** Who may call the route, as plugins/access.ts and the staff session enforce it. */
export const securityOf = (route: RouteLike, declared?: SecurityRequirement[]): SecurityRequirement[] => {
  if (declared) return declared;
  const changing = isChangingMethod(route.method);
  if (route.url.startsWith(ADMIN_PREFIX)) {
    if (isPublicAdminRoute(`${route.method} ${route.url}`)) return [];
    return [changing ? { staffSessionCookie: [], staffCsrfHeader: [] } : { staffSessionCookie: [] }];
  }
  if (!isProtectedPath(route.url)) return [];
  const session: SecurityRequirement = changing ? { sessionCookie: [], csrfHeader: [] } : { sessionCookie: [] };
  switch (accessOf(route)) {
    case 'user':
      return [session];
    case 'device':
      return [{ securityAppToken: [] }, session];
    case 'public':
      return [];
    case 'webhook':
      // The route names its signature scheme itself (schema.security); without one it is unsigned.
      return [];
  }
};

const jsonSchemaOf = (schema: z.ZodType): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' });
  return rest;
};

/** The two error shapes, once in `components.schemas`; every error answer refers to them. */
export const errorSchemas = { ErrorBody: jsonSchemaOf(errorBody), ProblemDetails: jsonSchemaOf(problemDetails) };

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'Bad request: invalid input (`VALIDATION_FAILED` with `fields`) or a domain rule',
  '401': 'Not logged in, or the credentials are invalid',
  '403': 'Forbidden: missing permission, or a failed CSRF check',
  '404': 'Not found',
  '409': 'Conflict with the current state',
  '410': 'Gone: no longer available',
  '413': 'Payload too large',
  '415': 'Unsupported media type',
  '422': 'The request cannot be processed',
  '423': 'Locked',
  '429': 'Too many requests (`RATE_LIMITED`)',
  '503': 'Service unavailable',
};

/**
 * An error answer: the envelope `{ error: { code, message } }` the web app reads, or RFC 9457
 * problem details when the caller asks for `application/problem+json` (plugins/errors.ts).
 */
const errorResponse = (status: string) => ({
  description: ERROR_DESCRIPTIONS[status] ?? `Error ${status}`,
  content: {
    'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } },
    [PROBLEM_JSON]: { schema: { $ref: '#/components/schemas/ProblemDetails' } },
  },
});

type TransformedSchema = {
  hide?: boolean;
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  headers?: unknown;
  response?: Record<string, unknown>;
  security?: SecurityRequirement[];
  operationId?: string;
  [key: string]: unknown;
};

/**
 * The error answers of a route: those it declares, and those every route of its kind gives —
 * 400 when it validates input, 401 when it needs credentials, 403 on changing calls (a foreign
 * Origin or a wrong CSRF token), 429 when it is rate limited.
 */
const responsesOf = (
  schema: TransformedSchema,
  security: SecurityRequirement[],
  route: RouteLike,
): Record<string, unknown> => {
  const declared = schema.response ?? {};
  const statuses = new Set(Object.keys(declared).filter((status) => Number(status) >= 400));
  if (schema.body || schema.querystring || schema.params || schema.headers) statuses.add('400');
  if (security.length > 0) statuses.add('401');
  if (isChangingMethod(route.method) && security.length > 0) statuses.add('403');
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== false) statuses.add('429');
  // A route that declares no success answer (it sends a file) keeps @fastify/swagger's default one.
  const responses: Record<string, unknown> = Object.keys(declared).some((status) => Number(status) < 400)
    ? {}
    : { '200': { type: 'null', description: 'Default Response' } };
  for (const [status, value] of Object.entries(declared)) {
    if (!statuses.has(status)) responses[status] = value;
  }
  for (const status of [...statuses].sort()) responses[status] = errorResponse(status);
  return responses;
};

/** The per-route part: operationId, security, error answers, a path without a trailing slash. */
export const describeRoute = (
  schema: TransformedSchema,
  url: string,
  route: RouteLike,
): { schema: TransformedSchema; url: string } => {
  if (schema.hide) return { schema, url };
  const security = securityOf(route, schema.security);
  return {
    url: url.length > 1 ? url.replace(/\/+$/, '') : url,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdOf(route.method, url.replace(/\/+$/, '')),
      security,
      response: responsesOf(schema, security, route),
    },
  };
};

/**
 * A `z.record(z.enum([...]), value)` is exhaustive, and zod writes it as `propertyNames` plus a
 * `required` list of keys that `properties` does not define. Written out as properties it says the
 * same, and `required` names only defined properties.
 */
export const exhaustiveRecordsAsProperties = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(exhaustiveRecordsAsProperties);
  if (value === null || typeof value !== 'object') return value;
  const schema = Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, exhaustiveRecordsAsProperties(child)]),
  ) as JsonSchema;
  const keys = (schema.propertyNames as { enum?: unknown[] } | undefined)?.enum;
  const required = schema.required;
  const valueSchema = schema.additionalProperties;
  if (
    Array.isArray(keys) &&
    Array.isArray(required) &&
    !schema.properties &&
    typeof valueSchema === 'object' &&
    keys.every((key) => typeof key === 'string')
  ) {
    const { propertyNames: _names, ...rest } = schema;
    return {
      ...rest,
      properties: Object.fromEntries((keys as string[]).map((key) => [key, valueSchema])),
      additionalProperties: false,
    };
  }
  return schema;
};
