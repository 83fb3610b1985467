import { Counter, Histogram } from 'prom-client';
import { AppError } from '../lib/app-error.js';
import { ProviderError } from './messaging/messaging-provider.js';

/**
 * How every real provider adapter calls its service (issue 38): a timeout on each attempt, retries
 * with exponential backoff for calls that are safe to repeat (reads, and writes carrying an
 * idempotency key), and a circuit per provider. After `failureThreshold` failures in a row the
 * circuit opens: for `openMs` every call is answered at once with PROVIDER_UNAVAILABLE (503, "not
 * reachable, please try later") instead of waiting for a service that is down; then one trial call
 * decides whether it closes again. Calls, errors and latency per provider go to /metrics.
 */
export type ResiliencePolicy = {
  timeoutMs: number;
  /** Attempts after the first, for calls marked idempotent. */
  retries: number;
  retryBaseMs: number;
  failureThreshold: number;
  openMs: number;
};

export const DEFAULT_RESILIENCE: ResiliencePolicy = {
  timeoutMs: 10_000,
  retries: 2,
  retryBaseMs: 200,
  failureThreshold: 5,
  openMs: 30_000,
};

const LATENCY_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Process-wide: every app of this process reports into them; metrics.ts adds them to /metrics. */
export const providerCallMetrics = {
  calls: new Counter({
    name: 'brickwise_provider_calls_total',
    help: 'Calls to external providers by provider, operation and outcome (ok, error, timeout, refused by the open circuit)',
    labelNames: ['provider', 'operation', 'outcome'],
    registers: [],
  }),
  errors: new Counter({
    name: 'brickwise_provider_errors_total',
    help: 'Failed calls to external providers by provider and kind (transient, permanent, timeout, circuit_open)',
    labelNames: ['provider', 'kind'],
    registers: [],
  }),
  latency: new Histogram({
    name: 'brickwise_provider_call_duration_seconds',
    help: 'Latency of calls to external providers (each attempt)',
    labelNames: ['provider', 'operation'],
    buckets: LATENCY_BUCKETS,
    registers: [],
  }),
};

export class ProviderTimeoutError extends ProviderError {
  constructor(provider: string, operation: string, timeoutMs: number) {
    super(`${provider} ${operation}: no answer within ${timeoutMs} ms`, false);
    this.name = 'ProviderTimeoutError';
  }
}

/** A failure worth another attempt: a timeout, a network error, a 5xx or 429, or a ProviderError that says so. */
export const isTransient = (error: unknown): boolean => {
  if (error instanceof ProviderError) return !error.permanent;
  if (error instanceof AppError) return false;
  const status = statusOf(error);
  if (status !== null) return status >= 500 || status === 429 || status === 408;
  return true;
};

/** The HTTP status an SDK error carries (axios, Mangopay's `{ Code }`, Twilio's `status`), if any. */
export const statusOf = (error: unknown): number | null => {
  if (typeof error !== 'object' || error === null) return null;
  const candidate = error as {
    status?: unknown;
    statusCode?: unknown;
    response?: { status?: unknown };
    Code?: unknown;
  };
  for (const value of [candidate.status, candidate.statusCode, candidate.response?.status, candidate.Code]) {
    if (typeof value === 'number' && value >= 100 && value < 600) return value;
  }
  return null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type CircuitState = { failures: number; openUntil: number; trial: boolean };

export type ProviderCaller = {
  readonly provider: string;
  /**
   * Runs one provider call. `idempotent` calls are retried on transient failures. A transient
   * failure after the last attempt, a timeout and an open circuit throw PROVIDER_UNAVAILABLE; a
   * permanent failure (the provider refused the request) is rethrown as it came.
   */
  call<T>(operation: string, run: (signal: AbortSignal) => Promise<T>, options?: { idempotent?: boolean }): Promise<T>;
  /** Whether the circuit is open now (tests, health). */
  isOpen(): boolean;
};

export const createProviderCaller = (provider: string, policy: Partial<ResiliencePolicy> = {}): ProviderCaller => {
  const settings = { ...DEFAULT_RESILIENCE, ...policy };
  const circuit: CircuitState = { failures: 0, openUntil: 0, trial: false };

  const attempt = async <T>(operation: string, run: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    const controller = new AbortController();
    const stopTimer = providerCallMetrics.latency.startTimer({ provider, operation });
    let timer: NodeJS.Timeout | undefined;
    // Raced rather than trusted to the SDK: an SDK that never settles (a dropped connection) cannot hang us.
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new ProviderTimeoutError(provider, operation, settings.timeoutMs));
      }, settings.timeoutMs);
    });
    try {
      return await Promise.race([run(controller.signal), timeout]);
    } finally {
      clearTimeout(timer);
      stopTimer();
    }
  };

  const record = (operation: string, outcome: 'ok' | 'error' | 'timeout' | 'circuit_open') =>
    providerCallMetrics.calls.inc({ provider, operation, outcome });

  const onSuccess = () => {
    circuit.failures = 0;
    circuit.openUntil = 0;
    circuit.trial = false;
  };

  const onFailure = () => {
    circuit.failures += 1;
    if (circuit.trial || circuit.failures >= settings.failureThreshold) {
      circuit.openUntil = Date.now() + settings.openMs;
    }
    circuit.trial = false;
  };

  const unavailable = (cause: unknown) => {
    const error = new AppError('PROVIDER_UNAVAILABLE');
    (error as Error & { cause?: unknown }).cause = cause;
    return error;
  };

  return {
    provider,
    isOpen: () => circuit.openUntil > Date.now(),
    call: async (operation, run, options = {}) => {
      const now = Date.now();
      if (circuit.openUntil > now || circuit.trial) {
        record(operation, 'circuit_open');
        providerCallMetrics.errors.inc({ provider, kind: 'circuit_open' });
        throw unavailable(new ProviderError(`${provider}: circuit open`, false));
      }
      // After the open period the next call is the trial that closes or reopens the circuit.
      if (circuit.openUntil !== 0) circuit.trial = true;
      const attempts = options.idempotent ? settings.retries + 1 : 1;
      let lastError: unknown;
      for (let index = 0; index < attempts; index += 1) {
        if (index > 0) await sleep(settings.retryBaseMs * 2 ** (index - 1));
        try {
          const result = await attempt(operation, run);
          record(operation, 'ok');
          onSuccess();
          return result;
        } catch (error) {
          lastError = error;
          const timedOut = error instanceof ProviderTimeoutError;
          record(operation, timedOut ? 'timeout' : 'error');
          if (!isTransient(error)) {
            // The provider answered and refused: it is reachable, the circuit stays as it is.
            providerCallMetrics.errors.inc({ provider, kind: 'permanent' });
            circuit.trial = false;
            throw error;
          }
          providerCallMetrics.errors.inc({ provider, kind: timedOut ? 'timeout' : 'transient' });
          onFailure();
          if (circuit.openUntil > Date.now()) break;
        }
      }
      throw unavailable(lastError);
    },
  };
};
