import { correctionBody, correctionRow, dataEnvelope, reconciliationView } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrors } from '../../backoffice/admin-errors.js';
import { staffActor } from '../../backoffice/staff-session.js';
import { listCorrections, recordCorrection } from './corrections.js';
import { getReconciliation } from './reconciliation.js';

const tags = ['Back office: money'];

/** Money operations: corrections as compensating postings, the daily reconciliation (issue 21). */
export const moneyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/api/v1/corrections',
    {
      schema: {
        tags,
        summary: 'The newest manual corrections, optionally of one investor',
        querystring: z.object({ userId: z.uuid().optional() }),
        response: { 200: dataEnvelope(z.array(correctionRow)), ...adminErrors },
      },
    },
    async (request) => ({ data: await listCorrections(app.db, request.query.userId) }),
  );
  app.post(
    '/admin/api/v1/corrections',
    {
      schema: {
        tags,
        summary: "Credit or debit an investor's cash as a balanced compensating posting with a reason",
        body: correctionBody,
        response: { 200: dataEnvelope(correctionRow), ...adminErrors },
      },
    },
    async (request) => ({ data: await recordCorrection(app.db, staffActor(request), request.body) }),
  );
  app.get(
    '/admin/api/v1/reconciliation',
    {
      schema: {
        tags,
        summary: 'Ledger against the provider: balances, differences, pending payouts',
        response: { 200: dataEnvelope(reconciliationView), ...adminErrors },
      },
    },
    async () => ({ data: await getReconciliation(app.db, new Date()) }),
  );
};
