import {
  dataEnvelope,
  declineDistributionBody,
  distributionProposalParams,
  distributionProposalView,
  errorBody,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffActor } from '../../../platform/staff-session.js';
import {
  approveDistributionProposal,
  declineDistributionProposal,
  submitDistributionProposal,
} from '../operations/distribution-proposals.js';

const tags = ['Back office: distributions'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const P = '/admin/api/v1/assets/:id';

/** Four eyes on a distribution run (issue 35): submit, approve (which pays), decline. Guards: the permission table. */
export const distributionProposalsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, outbox: app.outbox };
  app.post(
    `${P}/distributions/proposals/:proposalId/submit`,
    {
      schema: {
        tags,
        summary: 'Submit a scheduled run proposal for approval (first pair of eyes)',
        params: distributionProposalParams,
        response: { 200: dataEnvelope(distributionProposalView), ...errors },
      },
    },
    async (request) => ({
      data: await submitDistributionProposal(deps, staffActor(request), request.params.id, request.params.proposalId),
    }),
  );
  app.post(
    `${P}/distributions/proposals/:proposalId/approve`,
    {
      schema: {
        tags,
        summary: 'Approve a submitted run proposal (second pair of eyes): the distribution pays now, once',
        params: distributionProposalParams,
        response: { 200: dataEnvelope(distributionProposalView), ...errors },
      },
    },
    async (request) => ({
      data: await approveDistributionProposal(deps, staffActor(request), request.params.id, request.params.proposalId),
    }),
  );
  app.post(
    `${P}/distributions/proposals/:proposalId/decline`,
    {
      schema: {
        tags,
        summary: 'Decline an open run proposal with a reason; nothing is paid',
        params: distributionProposalParams,
        body: declineDistributionBody,
        response: { 200: dataEnvelope(distributionProposalView), ...errors },
      },
    },
    async (request) => ({
      data: await declineDistributionProposal(
        deps,
        staffActor(request),
        request.params.id,
        request.params.proposalId,
        request.body.reason,
      ),
    }),
  );
};
