import {
  createVotingBody,
  dataEnvelope,
  errorBody,
  forumAssetParams,
  votingList,
  votingOptionInput,
  votingOptionParams,
  votingParams,
  votingView,
  votingVoteBody,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import type { ForumDeps } from '../operations/forum-deps.js';
import { votingResultPdf } from '../operations/result-pdf.js';
import { addVotingOption, createVoting, voteForOption, voteOnVoting, withdrawVote } from '../operations/votings.js';
import { listVotings } from '../operations/votings-view.js';

const tags = ['Forum'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const L = '/launchpad/api/v1';
const answer = { 200: dataEnvelope(votingView), ...errors };

/** Votings of an asset (spec sections 3, 4, 5, 7; issue 24; ADR 0027). */
export const forumVotingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): ForumDeps => ({ db: app.db, outbox: app.outbox, jobs: app.jobs });

  app.get(
    `${L}/:id/votings`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Votings of an asset: suggestions, upcoming, running and closed, with the caller’s vote',
        params: forumAssetParams,
        response: { 200: dataEnvelope(votingList), ...errors },
      },
    },
    async (request) => ({ data: await listVotings(app.db, currentUser(request), request.params.id) }),
  );
  app.post(
    `${L}/voting`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Suggest a voting with its options (holders)',
        body: createVotingBody,
        response: answer,
      },
    },
    async (request) => ({ data: await createVoting(deps(), currentUser(request), request.body) }),
  );
  app.post(
    `${L}/:id/voting/:v/vote`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Support a suggestion, or vote against all options or abstain while the vote runs',
        params: votingParams,
        body: votingVoteBody,
        response: answer,
      },
    },
    async (request) => ({
      data: await voteOnVoting(deps(), currentUser(request), request.params, request.body?.choice),
    }),
  );
  app.delete(
    `${L}/:id/voting/:v/vote`,
    {
      onRequest: requireUser,
      schema: { tags, summary: 'Withdraw the support or the vote', params: votingParams, response: answer },
    },
    async (request) => ({ data: await withdrawVote(deps(), currentUser(request), request.params) }),
  );
  app.post(
    `${L}/:id/voting/:v/option/:o/vote`,
    {
      onRequest: requireUser,
      schema: { tags, summary: 'Approve one option while the vote runs', params: votingOptionParams, response: answer },
    },
    async (request) => ({ data: await voteForOption(deps(), currentUser(request), request.params) }),
  );
  app.delete(
    `${L}/:id/voting/:v/option/:o/vote`,
    {
      onRequest: requireUser,
      schema: { tags, summary: 'Withdraw the approval of this option', params: votingOptionParams, response: answer },
    },
    async (request) => ({ data: await withdrawVote(deps(), currentUser(request), request.params) }),
  );
  app.post(
    `${L}/:id/voting/:v/option`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Add an option before the vote starts (holders)',
        params: votingParams,
        body: votingOptionInput,
        response: answer,
      },
    },
    async (request) => ({ data: await addVotingOption(deps(), currentUser(request), request.params, request.body) }),
  );
  app.get(
    `${L}/:id/voting/:v/result`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Minutes and result of a closed voting as PDF for the asset’s holders (spec section 2: downloads)',
        params: votingParams,
      },
    },
    async (request, reply) => {
      const bytes = await votingResultPdf(app.db, currentUser(request), request.params);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="abstimmung-${request.params.v}.pdf"`)
        .send(Buffer.from(bytes));
    },
  );
};
