import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

/**
 * NUL never reaches a handler (ADR 0023): PostgreSQL cannot store it in text, so it used to end
 * as a 500. One place refuses it with 400: the raw URL (path and query, encoded or not) on
 * every request, and every string of the parsed body (JSON, forms, raw webhook bodies) before
 * validation.
 */
const hasNulInUrl = (url: string): boolean => url.includes('\u0000') || url.toLowerCase().includes('%00');
const MAX_DEPTH = 64;

/** A raw JSON text (webhooks keep theirs for the signature) may carry NUL as the escape `\u0000`. */
const NUL_ESCAPE = /\\u0000/i;

export const containsNul = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000') || (depth === 0 && NUL_ESCAPE.test(value));
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
};

export const registerInputGuards = (app: FastifyInstance): void => {
  app.addHook('onRequest', async (request) => {
    if (hasNulInUrl(request.raw.url ?? '')) throw new AppError('INPUT_NUL_CHARACTER');
  });
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body)) throw new AppError('INPUT_NUL_CHARACTER');
  });
};
