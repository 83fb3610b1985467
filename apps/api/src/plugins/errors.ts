import { type ErrorBody, type ErrorCode, errorCatalog, PROBLEM_JSON, type ProblemDetails } from '@bw/contracts';
import { type AppLocale, DEFAULT_LOCALE, errorText, fieldTextIn } from '@bw/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import Negotiator from 'negotiator';
import type { core } from 'zod';
import english from 'zod/v4/locales/en.js';
import { AppError, isAppError } from '../lib/app-error.js';
import { pgErrorOf } from '../lib/pg-error.js';

/** The languages an error can be answered in, as `Accept-Language` names them. */
const ANSWER_LANGUAGES = ['de-AT', 'de-DE', 'de-CH', 'de', 'en'] as const;

/**
 * The language of an answer (ADR 0042): the caller's `Accept-Language` among German (de-AT,
 * de-DE, de-CH) and English; German (de-AT) when it names neither or is missing.
 */
export const answerLocale = (acceptLanguage: string | undefined): AppLocale => {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const [best] = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages([...ANSWER_LANGUAGES]);
  if (best === 'en' || best === 'de-DE' || best === 'de-CH') return best;
  return DEFAULT_LOCALE;
};

/** The text of a code in a language: every code has one (the catalogue test proves it). */
export const errorMessage = (code: ErrorCode, locale: AppLocale): string => errorText(code, locale) ?? code;

/** zod's English messages: what an English answer says for a schema rule the field catalogue lacks. */
const englishZod = english().localeError;
const englishZodMessage = (issue: core.$ZodRawIssue | undefined): string | undefined => {
  if (!issue) return undefined;
  const message = englishZod(issue);
  return typeof message === 'string' ? message : message?.message;
};

/**
 * Field texts in the answer's language (ADR 0042 addendum): each through the field catalogue;
 * a schema rule's issue gives zod's English message where the catalogue has none.
 */
export const localizeFields = (
  fields: Record<string, string>,
  locale: AppLocale,
  issues: ReadonlyMap<string, core.$ZodRawIssue> = new Map(),
): Record<string, string> =>
  Object.fromEntries(
    Object.entries(fields).map(([field, text]) => [
      field,
      fieldTextIn(text, locale, () => englishZodMessage(issues.get(field))),
    ]),
  );

const body = (
  code: ErrorCode,
  locale: AppLocale,
  fields?: Record<string, string>,
  issues?: ReadonlyMap<string, core.$ZodRawIssue>,
): ErrorBody => ({
  error: {
    code,
    message: errorMessage(code, locale),
    ...(fields ? { fields: localizeFields(fields, locale, issues) } : {}),
  },
});

/** Fastify's own error codes that a client can cause, each mapped to one of ours. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
  FST_ERR_ASYNC_CONSTRAINT: 'BAD_REQUEST',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  FST_ERR_NOT_FOUND: 'ROUTE_NOT_FOUND',
  FST_ERR_MULTIPART_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

const statusFallback = (status: number): ErrorCode => {
  switch (status) {
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'ROUTE_NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'BAD_REQUEST';
  }
};

const MAX_FIELD_ERRORS = 20;

/** unique_violation, deadlock_detected, serialization_failure. */
const CONFLICT_SQLSTATES = new Set(['23505', '40P01', '40001']);

/**
 * The database is away (issue 41, ADR 0046): SQLSTATE class 08 (connection exception), 57P01–57P03
 * (shut down by the administrator, crashed, starting up), 53300 (too many connections), the
 * socket errors of a server that does not answer, and node-postgres' own words for a connection
 * that died or could not be had in time. The operation did not commit (or the client cannot know):
 * 503, try again; an `Idempotency-Key` makes the retry safe.
 */
const DATABASE_AWAY_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const DATABASE_AWAY_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);
const DATABASE_AWAY_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'the database system is',
];

export const isDatabaseAway = (error: unknown): boolean => {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (code.startsWith('08') || DATABASE_AWAY_SQLSTATES.has(code))) return true;
    if (typeof code === 'string' && DATABASE_AWAY_ERRNOS.has(code)) return true;
    if (typeof message === 'string' && DATABASE_AWAY_MESSAGES.some((words) => message.includes(words))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/** The disk under the document store is full: the upload is refused with 507, nothing else stops. */
const isDiskFull = (error: unknown): boolean => (error as { code?: unknown })?.code === 'ENOSPC';

const zodFields = (error: FastifyError): { fields: Record<string, string>; issues: Map<string, core.$ZodRawIssue> } => {
  const fields: Record<string, string> = {};
  const issues = new Map<string, core.$ZodRawIssue>();
  for (const issue of (error.validation ?? []).slice(0, MAX_FIELD_ERRORS)) {
    const pathParts = (issue.instancePath ?? '').split('/').filter(Boolean);
    const where = [error.validationContext ?? 'body', ...pathParts].join('.');
    fields[where] = issue.message ?? 'Ungültiger Wert.';
    issues.set(where, { ...(issue.params as object), code: issue.keyword, path: pathParts } as core.$ZodRawIssue);
  }
  return { fields, issues };
};

export const toErrorReply = (
  error: unknown,
  locale: AppLocale = DEFAULT_LOCALE,
): { status: number; payload: ErrorBody; internal: boolean } => {
  if (isAppError(error)) {
    return { status: error.status, payload: body(error.code, locale, error.fields), internal: false };
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(error) || fastifyError?.validation) {
    const { fields, issues } = zodFields(fastifyError);
    return { status: 400, payload: body('VALIDATION_FAILED', locale, fields, issues), internal: false };
  }
  // Safety net (ADR 0023): a unique-constraint race, a deadlock or a serialization failure the
  // operation did not handle itself is a conflict with a concurrent request, not a server fault.
  // Logged as a warning: each one names an operation that should answer its own domain message.
  if (CONFLICT_SQLSTATES.has(pgErrorOf(error).code ?? '')) {
    return { status: 409, payload: body('CONFLICT', locale), internal: false };
  }
  if (isDatabaseAway(error)) return { status: 503, payload: body('SERVICE_UNAVAILABLE', locale), internal: false };
  if (isDiskFull(error)) return { status: 507, payload: body('STORAGE_FULL', locale), internal: false };
  if (isResponseSerializationError(error)) {
    return { status: 500, payload: body('INTERNAL', locale), internal: true };
  }
  const mapped = fastifyError?.code ? fastifyCodes[fastifyError.code] : undefined;
  if (mapped) return { status: errorCatalog[mapped].status, payload: body(mapped, locale), internal: false };
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = statusFallback(status);
    return { status: errorCatalog[code].status, payload: body(code, locale), internal: false };
  }
  return { status: 500, payload: body('INTERNAL', locale), internal: true };
};

/** The RFC 9457 type URI of an error code (ADR 0037): a name, not a link. */
export const problemType = (code: string): string => `tag:brickwise,2026:error:${code}`;

/** The envelope as RFC 9457 problem details: same status, code, message and fields. */
export const toProblemDetails = (status: number, payload: ErrorBody): ProblemDetails => {
  const { code, message, fields } = payload.error;
  return { type: problemType(code), title: message, status, detail: message, code, ...(fields ? { fields } : {}) };
};

/** Problem details only when the caller prefers them; the envelope stays what the web app reads. */
const wantsProblemDetails = (request: FastifyRequest): boolean =>
  request.headers.accept !== undefined &&
  new Negotiator(request).mediaType(['application/json', PROBLEM_JSON]) === PROBLEM_JSON;

/**
 * Sends an error in the shape the caller asked for: the envelope by default, problem details on
 * request — as a string, so the route's response schema (the envelope) does not serialize it.
 */
const sendErrorBody = (request: FastifyRequest, reply: FastifyReply, status: number, payload: ErrorBody) => {
  if (!wantsProblemDetails(request)) return reply.status(status).type('application/json').send(payload);
  return reply
    .status(status)
    .type(PROBLEM_JSON)
    .send(JSON.stringify(toProblemDetails(status, payload)));
};

/** One error handler and one not-found handler for the whole API: `{ error: { code, message } }`. */
export const sendError = (error: unknown, request: FastifyRequest, reply: FastifyReply): void => {
  const { status, payload, internal } = toErrorReply(error, answerLocale(request.headers['accept-language']));
  if (internal) request.log.error({ err: error }, 'unhandled error');
  else if (payload.error.code === 'CONFLICT' && !isAppError(error))
    request.log.warn(
      { sqlstate: pgErrorOf(error), route: request.routeOptions?.url },
      'database conflict answered 409',
    );
  else if (status >= 500) request.log.warn({ code: payload.error.code }, 'service error');
  sendErrorBody(request, reply, status, payload);
};

export const registerErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler(sendError);
};

export const routeNotFound = (reply: FastifyReply): FastifyReply =>
  sendErrorBody(
    reply.request,
    reply,
    404,
    body('ROUTE_NOT_FOUND', answerLocale(reply.request.headers['accept-language'])),
  );

export { AppError };
