/**
 * The PostgreSQL error under whatever wraps it (drizzle's query error, our own causes): its
 * SQLSTATE code and the constraint it names, if any.
 */
export type PgErrorFields = { code?: string; constraint?: string };

const MAX_CAUSE_DEPTH = 4;

export const pgErrorOf = (error: unknown): PgErrorFields => {
  for (let current: unknown = error, depth = 0; current && depth < MAX_CAUSE_DEPTH; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string') return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    current = (current as { cause?: unknown }).cause;
  }
  return {};
};

/** SQLSTATE of a CHECK constraint that refused a row (23514). */
export const CHECK_VIOLATION = '23514';
