import { autoInvestBody, autoInvestMandateView, autoInvestOverview, autoInvestParams } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  registerStandingOrderAdminRoute,
  registerStandingOrderRoutes,
  standingOrderRoutes,
} from '../savings/standing-orders.js';
import {
  changeAutoInvest,
  createAutoInvest,
  moveAutoInvest,
  autoInvestOverview as overview,
} from './operations/mandates.js';

const routes = standingOrderRoutes({
  base: '/api/v1/user/autoInvest',
  tags: ['Auto-invest'],
  idParam: 'mandateId',
  params: autoInvestParams,
  body: autoInvestBody,
  view: autoInvestMandateView,
  overview: autoInvestOverview,
  adminPath: '/admin/api/v1/investors/:id/autoInvest',
  summaries: {
    overview: 'The investor’s auto-invest rules with the budget used this month, and what they bought or refused',
    create: 'Set up auto-invest: rules and a monthly budget to sign once in the security app',
    change: 'Change auto-invest: new rules that replace the old ones once signed',
    pause: 'Pause auto-invest',
    resume: 'Resume paused auto-invest',
    end: 'End auto-invest',
    admin: 'An investor’s auto-invest rules and executions',
  },
  operations: {
    overview,
    create: createAutoInvest,
    change: (db, outbox, settlements, mandateId, input) =>
      changeAutoInvest(db, outbox, settlements, { ...input, mandateId }),
    move: (db, outbox, settlements, { id, ...input }) =>
      moveAutoInvest(db, outbox, settlements, { ...input, mandateId: id }),
  },
});

/** Auto-invest by rules (issue 40, ADR 0052): set up and change with a signature, pause, resume, end. */
export const autoInvestRoutes: FastifyPluginAsyncZod = async (app) => registerStandingOrderRoutes(app, routes);

/** The back office: an investor's auto-invest rules and what they bought or refused (issue 40). */
export const autoInvestAdminRoutes: FastifyPluginAsyncZod = async (app) => registerStandingOrderAdminRoute(app, routes);
