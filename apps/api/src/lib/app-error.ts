import { type ErrorCode, errorCatalog } from '@bw/contracts';
import { DEFAULT_LOCALE, errorText } from '@bw/i18n';

/**
 * A domain failure with a code from the closed catalogue; the error handler turns it into
 * `{ error }` with the code's text in the caller's language (ADR 0042). The `Error` message is the
 * German text, for logs.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
  ) {
    super(errorText(code, DEFAULT_LOCALE) ?? code);
    this.name = 'AppError';
    this.status = errorCatalog[code].status;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
