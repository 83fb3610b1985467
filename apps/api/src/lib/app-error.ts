import { type ErrorCode, errorCatalog } from '@bw/contracts';

/** A domain failure with a code from the closed catalogue; the error handler turns it into `{ error }`. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
    message?: string,
  ) {
    super(message ?? errorCatalog[code].message);
    this.name = 'AppError';
    this.status = errorCatalog[code].status;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
