import {
  adminBonusCodeParams,
  bankWireEventBody,
  bankWireRow,
  bonusCodeRow,
  bonusRedemptionRow,
  createBonusCodeBody,
  dataEnvelope,
  uuidParams,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrors } from '../../../platform/admin-errors.js';
import { staffActor } from '../../../platform/staff-session.js';
import { confirmBankWireEvent, listOpenBankWires } from './bank-wires-admin.js';
import { createBonusCode, disableBonusCode, listBonusCodes, listRedemptions } from './bonus-codes-admin.js';

const tags = ['Back office: bonus codes'];

/** Bonus codes and campaigns (create, limit, expire, end early, redemptions) and bank wires of builder-owner purchases (issue 21). */
export const primaryMarketAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/api/v1/bonus-codes',
    {
      schema: {
        tags,
        summary: 'Every bonus code with its redemptions',
        response: { 200: dataEnvelope(z.array(bonusCodeRow)), ...adminErrors },
      },
    },
    async () => ({ data: await listBonusCodes(app.db, new Date()) }),
  );
  app.post(
    '/admin/api/v1/bonus-codes',
    {
      schema: {
        tags,
        summary: 'Create a bonus code (amount, market, minimum, validity, limits, budget)',
        body: createBonusCodeBody,
        response: { 200: dataEnvelope(bonusCodeRow), ...adminErrors },
      },
    },
    async (request) => ({ data: await createBonusCode(app.db, staffActor(request), request.body, new Date()) }),
  );
  app.post(
    '/admin/api/v1/bonus-codes/:code/disable',
    {
      schema: {
        tags,
        summary: 'End a code early: no further redemptions',
        params: adminBonusCodeParams,
        response: { 200: dataEnvelope(bonusCodeRow), ...adminErrors },
      },
    },
    async (request) => ({ data: await disableBonusCode(app.db, staffActor(request), request.params.code, new Date()) }),
  );
  app.get(
    '/admin/api/v1/bonus-codes/:code/redemptions',
    {
      schema: {
        tags,
        summary: 'Who redeemed the code and whether it was spent',
        params: adminBonusCodeParams,
        response: { 200: dataEnvelope(z.array(bonusRedemptionRow)), ...adminErrors },
      },
    },
    async (request) => ({ data: await listRedemptions(app.db, request.params.code) }),
  );
  app.get(
    '/admin/api/v1/bank-wires',
    {
      schema: {
        tags: ['Back office: money'],
        summary: 'Builder-owner purchases waiting for the bank wire or the notary documents',
        response: { 200: dataEnvelope(z.array(bankWireRow)), ...adminErrors },
      },
    },
    async () => ({ data: await listOpenBankWires(app.db) }),
  );
  app.post(
    '/admin/api/v1/bank-wires/:id/events',
    {
      schema: {
        tags: ['Back office: money'],
        summary: "Confirm the investor's bank wire or the notary's documents of a builder-owner purchase",
        params: uuidParams,
        body: bankWireEventBody,
        response: { 200: dataEnvelope(z.object({ status: z.string() })), ...adminErrors },
      },
    },
    async (request) => ({
      data: await confirmBankWireEvent(app.db, app.outbox, staffActor(request), {
        transactionId: request.params.id,
        event: request.body.event,
        now: new Date(),
      }),
    }),
  );
};
