import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

/**
 * NUL never reaches a handler (ADR 0023): PostgreSQL cannot store it in text, so it used to end
 * as a 500. One place refuses it with 400: the raw URL (path and query, encoded or not) on
 * every request, and every string of the parsed body (JSON, forms, raw webhook bodies) before
 * validation. The same place refuses malformed UTF-16 (a lone surrogate such as `"\uD800"`, which
 * JSON.parse accepts and PostgreSQL's `jsonb` refuses) with 400 (issue 35).
 */
const hasNulInUrl = (url: string): boolean => url.includes('\u0000') || url.toLowerCase().includes('%00');
const MAX_DEPTH = 64;

/** A raw JSON text (webhooks keep theirs for the signature) may carry NUL as the escape `\u0000`. */
const NUL_ESCAPE = /\\u0000/i;
/**
 * …and a lone surrogate as an escape: a high one (`\uD800`–`\uDBFF`) not followed by a low one, or
 * a low one (`\uDC00`–`\uDFFF`) not preceded by a high one.
 */
const LONE_SURROGATE_ESCAPE =
  /\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}/;

/** A lone surrogate in a decoded string (String.prototype.isWellFormed is ES2024, beyond our lib). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What the guard refuses in one string: NUL, or malformed UTF-16 (a lone surrogate; issue 35). */
export type BadText = 'nul' | 'malformedUtf16';

const badString = (value: string, raw: boolean): BadText | null => {
  if (value.includes('\u0000') || (raw && NUL_ESCAPE.test(value))) return 'nul';
  // PostgreSQL (`jsonb`, text) cannot store a lone surrogate; JSON.parse lets `"\uD800"` through.
  if (LONE_SURROGATE.test(value) || (raw && LONE_SURROGATE_ESCAPE.test(value))) return 'malformedUtf16';
  return null;
};

/** The first bad text in a parsed body (strings and keys, nested), or null. */
export const findBadText = (value: unknown, depth = 0): BadText | null => {
  if (typeof value === 'string') return badString(value, depth === 0);
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  if (Buffer.isBuffer(value)) return null;
  const items: unknown[] = Array.isArray(value) ? value : Object.entries(value).flat();
  for (const item of items) {
    const bad = findBadText(item, depth + 1);
    if (bad) return bad;
  }
  return null;
};

export const registerInputGuards = (app: FastifyInstance): void => {
  app.addHook('onRequest', async (request) => {
    if (hasNulInUrl(request.raw.url ?? '')) throw new AppError('INPUT_NUL_CHARACTER');
  });
  app.addHook('preValidation', async (request) => {
    const bad = findBadText(request.body);
    if (bad === 'nul') throw new AppError('INPUT_NUL_CHARACTER');
    if (bad === 'malformedUtf16') throw new AppError('INPUT_MALFORMED_TEXT');
  });
};
