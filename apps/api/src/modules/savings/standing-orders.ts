import { dataEnvelope, type ErrorCode, errorBody, uuidParams } from '@bw/contracts';
import type { Db } from '@bw/db';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Outbox } from '../../jobs/outbox.js';
import { AppError } from '../../lib/app-error.js';
import type { SettlementRegistry, SigningOutcome } from '../../platform/settlements.js';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { lockSigningRequest, withdrawSigningRequest } from '../security-app/signing-requests.js';

/**
 * The lifecycle every signed standing order shares — the savings plan (ADR 0045) and auto-invest
 * by rules (ADR 0052): set up and changed with a signing request that states the whole order,
 * active once signed, paused, resumed and ended at once. Each keeps its own table, texts and codes;
 * the routes, the moves and the signing outcome are this one piece.
 */

/** A standing order's row as the lifecycle reads it. */
type StandingOrderRow = { id: string; userId: string; status: string; signingRequestId: string };

/** Where one kind of standing order is kept, and its codes. */
export type StandingOrderStore<Row extends StandingOrderRow> = {
  /** Locks the order (of this investor, when given) for the caller's transaction. */
  lock: (tx: Db, id: string, userId?: string) => Promise<Row | undefined>;
  lockBySigningRequest: (tx: Db, requestId: string) => Promise<Row | undefined>;
  setStatus: (tx: Db, id: string, status: Row['status'], now: Date) => Promise<void>;
  notFound: ErrorCode;
  notChangeable: ErrorCode;
};

/** The moves that act at once, from the statuses they leave. */
export const STANDING_ORDER_MOVES = {
  pause: { from: ['active'], to: 'paused' },
  resume: { from: ['paused'], to: 'active' },
  end: { from: ['pending', 'active', 'paused'], to: 'ended' },
} as const;
export type StandingOrderMove = keyof typeof STANDING_ORDER_MOVES;

/**
 * Pauses, resumes or ends an order (effective at once; what it bought stays as it is). Ending a
 * pending order withdraws its signing request, so the app can no longer sign it. Lock order
 * (ADR 0023): the signing request first, then the order.
 */
export const moveStandingOrder = async <Row extends StandingOrderRow>(
  tx: Db,
  settlements: SettlementRegistry,
  store: StandingOrderStore<Row>,
  input: { userId: string; id: string; move: StandingOrderMove; now: Date },
): Promise<void> => {
  const seen = await store.lock(tx, input.id, input.userId);
  if (!seen) throw new AppError(store.notFound);
  await lockSigningRequest(tx, input.userId, seen.signingRequestId);
  const order = await store.lock(tx, input.id, input.userId);
  const move = STANDING_ORDER_MOVES[input.move];
  if (!order || !(move.from as readonly string[]).includes(order.status)) throw new AppError(store.notChangeable);
  await store.setStatus(tx, order.id, move.to, input.now);
  if (order.status === 'pending')
    await withdrawSigningRequest(tx, settlements, {
      userId: input.userId,
      requestId: order.signingRequestId,
      now: input.now,
    });
};

/**
 * The signing hook of a standing order, in the outcome's transaction: signed → active (after
 * `replaceOpen` retired what it replaces), refused or lapsed → ended that way. The investor's id
 * when the order moved, for the realtime update; null when it was not pending.
 */
export const resolveStandingOrder = async <Row extends StandingOrderRow>(
  tx: Db,
  store: StandingOrderStore<Row>,
  outcome: SigningOutcome,
  replaceOpen: (tx: Db, order: Row, now: Date) => Promise<void>,
): Promise<string | null> => {
  const order = await store.lockBySigningRequest(tx, outcome.request.id);
  if (order?.status !== 'pending') return null;
  const now = new Date();
  if (outcome.status !== 'signed') {
    await store.setStatus(tx, order.id, outcome.status, now);
  } else {
    await replaceOpen(tx, order, now);
    await store.setStatus(tx, order.id, 'active', now);
  }
  return order.userId;
};

type ZodSchema = z.ZodType;
/** A body is an object (the operations add the investor and the time). */
type BodySchema = z.ZodType<object>;
type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** The routes of one kind of standing order: its schemas, texts and operations. */
export type StandingOrderRoutes<Body extends BodySchema, View extends ZodSchema, Overview extends ZodSchema> = {
  base: string;
  tags: string[];
  /** The path parameter that names the order (`planId`, `mandateId`) and its schema. */
  idParam: string;
  params: ZodSchema;
  body: Body;
  view: View;
  overview: Overview;
  summaries: Record<'overview' | 'create' | 'change' | StandingOrderMove | 'admin', string>;
  /** The back office's path of an investor's orders. */
  adminPath: string;
  operations: {
    overview: (db: Db, userId: string, now: Date) => Promise<z.infer<Overview>>;
    create: (
      db: Db,
      outbox: Outbox,
      settlements: SettlementRegistry,
      input: z.infer<Body> & { userId: string; now: Date },
    ) => Promise<z.infer<View>>;
    change: (
      db: Db,
      outbox: Outbox,
      settlements: SettlementRegistry,
      id: string,
      input: z.infer<Body> & { userId: string; now: Date },
    ) => Promise<z.infer<View>>;
    move: (
      db: Db,
      outbox: Outbox,
      settlements: SettlementRegistry,
      input: { userId: string; id: string; move: StandingOrderMove; now: Date },
    ) => Promise<z.infer<View>>;
  };
};

/** The routes of one kind, typed by its schemas (the operations get the body's type). */
export const standingOrderRoutes = <Body extends BodySchema, View extends ZodSchema, Overview extends ZodSchema>(
  routes: StandingOrderRoutes<Body, View, Overview>,
): StandingOrderRoutes<Body, View, Overview> => routes;

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };

/** The investor's routes: overview, set up and change (each to sign), pause, resume, end. */
export const registerStandingOrderRoutes = async <
  Body extends BodySchema,
  View extends ZodSchema,
  Overview extends ZodSchema,
>(
  app: RouteApp,
  routes: StandingOrderRoutes<Body, View, Overview>,
): Promise<void> => {
  const { base, tags, summaries, operations } = routes;
  // The schemas validate and serialize as on every route; the types are the operations' own.
  const router = app as unknown as FastifyInstance;
  const idOf = (params: unknown) => (params as Record<string, string>)[routes.idParam] ?? '';
  /** Runs the operation for the investor and tells her open screens (the signing request changed). */
  const forUser = async (request: Parameters<typeof currentUser>[0], run: (userId: string) => Promise<unknown>) => {
    const user = currentUser(request);
    const data = await run(user.userId);
    app.bus.publishUserUpdate(user.email, 'signingRequest');
    return { data };
  };

  router.get(
    base,
    {
      onRequest: requireUser,
      schema: { tags, summary: summaries.overview, response: { 200: dataEnvelope(routes.overview), 401: errorBody } },
    },
    async (request) => ({ data: await operations.overview(app.db, currentUser(request).userId, new Date()) }),
  );
  router.post(
    base,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: summaries.create,
        body: routes.body,
        response: { 200: dataEnvelope(routes.view), ...errors },
      },
    },
    async (request) =>
      forUser(request, (userId) =>
        operations.create(app.db, app.outbox, app.settlements, {
          ...(request.body as z.infer<Body>),
          userId,
          now: new Date(),
        }),
      ),
  );
  router.put(
    `${base}/:${routes.idParam}`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: summaries.change,
        params: routes.params,
        body: routes.body,
        response: { 200: dataEnvelope(routes.view), ...errors },
      },
    },
    async (request) =>
      forUser(request, (userId) =>
        operations.change(app.db, app.outbox, app.settlements, idOf(request.params), {
          ...(request.body as z.infer<Body>),
          userId,
          now: new Date(),
        }),
      ),
  );
  for (const move of ['pause', 'resume', 'end'] as const) {
    router.post(
      `${base}/:${routes.idParam}/${move}`,
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary: summaries[move],
          params: routes.params,
          response: { 200: dataEnvelope(routes.view), ...errors },
        },
      },
      async (request) =>
        forUser(request, (userId) =>
          operations.move(app.db, app.outbox, app.settlements, {
            userId,
            id: idOf(request.params),
            move,
            now: new Date(),
          }),
        ),
    );
  }
};

/** The back office: an investor's orders and what they bought (the permission of reading investors). */
export const registerStandingOrderAdminRoute = async (
  app: RouteApp,
  routes: Pick<StandingOrderRoutes<BodySchema, ZodSchema, ZodSchema>, 'adminPath' | 'summaries' | 'overview'> & {
    readonly operations: { overview: (db: Db, userId: string, now: Date) => Promise<unknown> };
  },
): Promise<void> => {
  (app as unknown as FastifyInstance).get<{ Params: { id: string } }>(
    routes.adminPath,
    {
      schema: {
        tags: ['Back office: investors'],
        summary: routes.summaries.admin,
        params: uuidParams,
        response: { 200: dataEnvelope(routes.overview), 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => ({ data: await routes.operations.overview(app.db, request.params.id, new Date()) }),
  );
};
