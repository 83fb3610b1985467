import { pgErrorOf } from './pg-error.js';

/**
 * Two transactions that lock the same rows in opposite order can deadlock (two trades on the same
 * two users' books; a savings plan that buys two assets beside single purchases of them);
 * PostgreSQL aborts one of them (40P01). The work is a whole transaction, so running it again is
 * safe.
 */
export const DEADLOCK_RETRIES = 3;
const RETRYABLE_CODES = new Set(['40P01', '40001']);

export const withDeadlockRetry = async <T>(work: () => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const { code } = pgErrorOf(error);
      if (attempt >= DEADLOCK_RETRIES || !code || !RETRYABLE_CODES.has(code)) throw error;
    }
  }
};
