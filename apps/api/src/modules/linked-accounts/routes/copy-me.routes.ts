import {
  copyMeAllowed as copyMeAllowedAnswer,
  copyMeAllowedBody,
  copyMeBody,
  copyMeResult,
  dataEnvelope,
  errorBody,
  linkedAccounts,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import { copyMe, copyMeAllowed } from '../operations/copy-me.js';
import { listLinkedAccounts } from '../operations/list-linked-accounts.js';

const tags = ['Switch account'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Issue 20, switch account (ADR 0035): copy the verified profile to another partner, list the accounts. */
export const copyMeRoutes: FastifyPluginAsyncZod = async (app) => {
  // A caller without a session gets 401 before any input is validated.
  app.addHook('onRequest', requireUser);

  app.get(
    '/api/v2/user/linked-accounts',
    {
      schema: {
        tags,
        summary: "The caller's accounts at every partner and the partners a profile copy may go to",
        response: { 200: dataEnvelope(linkedAccounts), 401: errorBody },
      },
    },
    async (request) => ({ data: await listLinkedAccounts(app.db, currentUser(request).userId) }),
  );

  app.post(
    '/api/v2/user/copy-me/allowed',
    {
      schema: {
        tags,
        summary: 'Whether the profile may be copied to the partner (and why not)',
        body: copyMeAllowedBody,
        response: { 200: dataEnvelope(copyMeAllowedAnswer), ...errors },
      },
    },
    async (request) => ({
      data: await copyMeAllowed(app, currentUser(request).userId, request.body.destinationPlatformProvider),
    }),
  );

  app.post(
    '/api/v2/user/copy-me',
    {
      schema: {
        tags,
        summary: 'Copy the verified profile to another partner after consent (money and holdings stay)',
        body: copyMeBody,
        response: { 200: dataEnvelope(copyMeResult), ...errors },
      },
    },
    async (request) => ({ data: await copyMe(app, request, currentUser(request).userId, request.body) }),
  );
};
