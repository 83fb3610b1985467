import {
  correctionBody,
  correctionRow,
  dataEnvelope,
  payoutDecisionBody,
  payoutReviewRow,
  payoutThresholdBody,
  payoutThresholdView,
  providerReconciliationCase,
  reconciliationView,
  resolveReconciliationCaseBody,
  uuidParams,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrors } from '../../../platform/admin-errors.js';
import { staffActor } from '../../../platform/staff-session.js';
import { listCorrections, recordCorrection } from './corrections.js';
import { decidePayout, listPayoutReviews, payoutReviewThreshold, setPayoutReviewThreshold } from './payout-reviews.js';
import { listProviderReconciliationCases, resolveProviderReconciliationCase } from './provider-reconciliation-cases.js';
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
    async (request) => ({ data: await recordCorrection(app.db, app.outbox, staffActor(request), request.body) }),
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
  app.get(
    '/admin/api/v1/provider-reconciliation-cases',
    {
      schema: {
        tags,
        summary: 'Differences between the payment provider’s wallets and the ledger: open first, then resolved',
        response: { 200: dataEnvelope(z.array(providerReconciliationCase)), ...adminErrors },
      },
    },
    async () => ({ data: await listProviderReconciliationCases(app.db) }),
  );
  app.post(
    '/admin/api/v1/provider-reconciliation-cases/:id/resolve',
    {
      schema: {
        tags,
        summary: 'Mark a reconciliation case resolved, with a note (audited)',
        params: uuidParams,
        body: resolveReconciliationCaseBody,
        response: { 200: dataEnvelope(providerReconciliationCase), ...adminErrors },
      },
    },
    async (request) => ({
      data: await resolveProviderReconciliationCase(app.db, staffActor(request), {
        id: request.params.id,
        note: request.body.note,
        now: new Date(),
      }),
    }),
  );
  app.get(
    '/admin/api/v1/payouts/review',
    {
      schema: {
        tags,
        summary: 'Payouts above the review threshold: waiting first, then the latest decisions',
        response: { 200: dataEnvelope(z.array(payoutReviewRow)), ...adminErrors },
      },
    },
    async () => ({ data: await listPayoutReviews(app.db) }),
  );
  app.post(
    '/admin/api/v1/payouts/:id/decision',
    {
      schema: {
        tags,
        summary: 'Release a waiting payout to the provider, or reject it (the money returns to the investor)',
        params: uuidParams,
        body: payoutDecisionBody,
        response: { 200: dataEnvelope(z.object({ status: z.enum(['released', 'rejected']) })), ...adminErrors },
      },
    },
    async (request) => ({
      data: await decidePayout(app.db, app.outbox, staffActor(request), {
        transactionId: request.params.id,
        ...request.body,
        now: new Date(),
      }),
    }),
  );
  app.get(
    '/admin/api/v1/payouts/threshold',
    {
      schema: {
        tags,
        summary: 'The payout review threshold',
        response: { 200: dataEnvelope(payoutThresholdView), ...adminErrors },
      },
    },
    async () => ({ data: { thresholdCents: (await payoutReviewThreshold(app.db)).toString() } }),
  );
  app.put(
    '/admin/api/v1/payouts/threshold',
    {
      schema: {
        tags,
        summary: 'Change the payout review threshold',
        body: payoutThresholdBody,
        response: { 200: dataEnvelope(payoutThresholdView), ...adminErrors },
      },
    },
    async (request) => ({
      data: {
        thresholdCents: (
          await setPayoutReviewThreshold(app.db, staffActor(request), BigInt(request.body.thresholdCents))
        ).toString(),
      },
    }),
  );
};
