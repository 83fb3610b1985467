import { savingsOverview, savingsPlanBody, savingsPlanParams, savingsPlanView } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeSavingsPlan,
  createSavingsPlan,
  moveSavingsPlan,
  savingsOverview as overview,
} from './operations/plans.js';
import {
  registerStandingOrderAdminRoute,
  registerStandingOrderRoutes,
  standingOrderRoutes,
} from './standing-orders.js';

const routes = standingOrderRoutes({
  base: '/api/v1/user/savingsPlans',
  tags: ['Savings plans'],
  idParam: 'planId',
  params: savingsPlanParams,
  body: savingsPlanBody,
  view: savingsPlanView,
  overview: savingsOverview,
  adminPath: '/admin/api/v1/investors/:id/savingsPlans',
  summaries: {
    overview: 'The investor’s savings plans with the next execution, and the executions',
    create: 'Set up a savings plan: a standing order to sign once in the security app',
    change: 'Change a savings plan: a new standing order that replaces it once signed',
    pause: 'Pause a savings plan',
    resume: 'Resume a paused savings plan',
    end: 'End a savings plan',
    admin: 'An investor’s savings plans and their executions',
  },
  operations: {
    overview,
    create: (db, outbox, _settlements, input) => createSavingsPlan(db, outbox, input),
    change: (db, outbox, settlements, planId, input) =>
      changeSavingsPlan(db, outbox, settlements, { ...input, planId }),
    move: (db, outbox, settlements, { id, ...input }) =>
      moveSavingsPlan(db, outbox, settlements, { ...input, planId: id }),
  },
});

/** Savings plans (issue 40, ADR 0045): set up and change with a signature, pause, resume, end. */
export const savingsRoutes: FastifyPluginAsyncZod = async (app) => registerStandingOrderRoutes(app, routes);

/** The back office: an investor's savings plans and their executions (issue 40). */
export const savingsAdminRoutes: FastifyPluginAsyncZod = async (app) => registerStandingOrderAdminRoute(app, routes);
