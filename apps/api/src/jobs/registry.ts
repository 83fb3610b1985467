import type { Db } from '@bw/db';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { EventBus } from '../lib/event-bus.js';
import type { SettlementRegistry } from '../platform/settlements.js';
import type { Providers } from '../providers/index.js';

export type RetryPolicy = {
  /** Retries after the first attempt. */
  limit: number;
  delaySeconds: number;
  /** Exponential backoff (delay doubles per attempt). */
  backoff: boolean;
};

export type Outbox = {
  /**
   * Records "deliver this" in the caller's transaction: the row commits with the business change
   * or not at all. The same key twice is one delivery.
   */
  enqueue(tx: Db, topic: string, key: string, payload: unknown): Promise<void>;
  /** `enqueue` for many rows of one topic in one statement (a distribution's notifications). */
  enqueueMany(tx: Db, topic: string, rows: { key: string; payload: unknown }[]): Promise<void>;
};

export type JobContext = {
  db: Db;
  providers: Providers;
  bus: EventBus;
  log: FastifyBaseLogger;
  /** For a job that books something itself and records what follows from it (ADR 0002). */
  outbox: Outbox;
  /** Who settles a signed request (ADR 0057): for a job that records a signing outcome. */
  settlements: SettlementRegistry;
  /** Unique per logical delivery: the outbox key, or `job:<id>` for a queued job. Providers dedupe by it. */
  key: string;
  attempt: number;
};

export type JobDefinition<P = unknown> = {
  name: string;
  payload: z.ZodType<P>;
  retry: RetryPolicy;
  handler: (payload: P, context: JobContext) => Promise<void>;
};

export const defineJob = <P>(definition: JobDefinition<P>): JobDefinition<P> => definition;

export type JobRegistry = {
  get(name: string): JobDefinition | undefined;
  all(): JobDefinition[];
};

const JOB_NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;

export const createJobRegistry = (definitions: JobDefinition[]): JobRegistry => {
  const byName = new Map<string, JobDefinition>();
  for (const definition of definitions) {
    if (!JOB_NAME.test(definition.name))
      throw new Error(`Job name "${definition.name}" must look like domain.verb-noun`);
    if (byName.has(definition.name)) throw new Error(`Job "${definition.name}" is defined twice`);
    byName.set(definition.name, definition);
  }
  return { get: (name) => byName.get(name), all: () => [...byName.values()] };
};

/** Delay before attempt `attempt + 1` (1-based attempts), by the definition's policy. */
export const retryDelayMs = (policy: RetryPolicy, attempt: number): number =>
  policy.delaySeconds * 1000 * (policy.backoff ? 2 ** Math.max(0, attempt - 1) : 1);
