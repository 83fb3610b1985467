import {
  approveSigningRequestBody,
  dataEnvelope,
  disconnectSecurityAppBody,
  disconnectSecurityAppResult,
  errorBody,
  linkSecurityAppBody,
  linkSecurityAppResult,
  listSigningRequestsQuery,
  pairingCodeResult,
  registerPrivateBody,
  registerPrivateResult,
  securityAppUpdateReasons,
  securityAppView,
  signingRequestIdParams,
  signingRequestView,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { approveSigningRequest, getSigningRequest, rejectSigningRequest } from './operations/answer-signing-request.js';
import { createPairing } from './operations/create-pairing.js';
import { disconnectSecurityApp } from './operations/disconnect-security-app.js';
import { getSecurityApp } from './operations/get-security-app.js';
import { linkSecurityApp } from './operations/link-security-app.js';
import { listSigningRequests } from './operations/list-signing-requests.js';
import { registerPrivateApp } from './operations/register-private-app.js';
import { callerActor, resolveSecurityAppCaller } from './security-app-caller.js';

const tags = ['Security app'];
const BASE = '/api/v1/securityApp';

/** Spec sections 4, 6, 7: linking, private apps, signing requests (ADR 0007). */
export const securityAppRoutes: FastifyPluginAsyncZod = async (app) => {
  const announce = (email: string, reason: string) => app.bus.publishUserUpdate(email, reason);

  app.get(
    BASE,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Status of the security app of the logged-in user',
        response: { 200: dataEnvelope(securityAppView), 401: errorBody },
      },
    },
    async (request) => ({ data: await getSecurityApp(app.db, currentUser(request).userId) }),
  );

  app.post(
    `${BASE}/pairing`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'A short-lived pairing code for linking the provider security app',
        response: { 200: dataEnvelope(pairingCodeResult), 401: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const data = await createPairing(app.db, user.userId);
      announce(user.email, securityAppUpdateReasons.status);
      return { data };
    },
  );

  app.post(
    `${BASE}/link`,
    {
      schema: {
        tags,
        summary: 'The security app registers its public key with a pairing code (no session)',
        body: linkSecurityAppBody,
        response: { 200: dataEnvelope(linkSecurityAppResult), 400: errorBody },
      },
    },
    async (request) => {
      const { email, ...data } = await linkSecurityApp(app.db, request.body);
      announce(email, securityAppUpdateReasons.status);
      return { data };
    },
  );

  app.post(
    `${BASE}/registerPrivate`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Link a private security app by its Ed25519 public key; the user becomes privateUser',
        body: registerPrivateBody,
        response: { 200: dataEnvelope(registerPrivateResult), 400: errorBody, 401: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const data = await registerPrivateApp(app.db, user.userId, request.body.publicKey);
      announce(user.email, securityAppUpdateReasons.status);
      return { data };
    },
  );

  app.post(
    `${BASE}/disconnect`,
    {
      schema: {
        tags,
        summary: 'Remove the linked security app; needs the recovery secret of the recovery file',
        body: disconnectSecurityAppBody.optional(),
        response: { 200: dataEnvelope(disconnectSecurityAppResult), 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      const caller = await resolveSecurityAppCaller(app.db, request);
      await disconnectSecurityApp(app.db, {
        userId: caller.userId,
        recoverySecret: request.body?.recoverySecret,
        actor: callerActor(caller),
      });
      announce(caller.email, securityAppUpdateReasons.status);
      return { data: { status: 'disconnected' as const } };
    },
  );

  app.get(
    `${BASE}/signingRequests`,
    {
      schema: {
        tags,
        summary: 'Signing requests of the user (device token or session), newest first',
        querystring: listSigningRequestsQuery,
        response: { 200: dataEnvelope(z.array(signingRequestView)), 401: errorBody },
      },
    },
    async (request) => {
      const caller = await resolveSecurityAppCaller(app.db, request);
      return { data: await listSigningRequests(app.db, caller.userId, request.query.status) };
    },
  );

  app.get(
    `${BASE}/signingRequests/:id`,
    {
      schema: {
        tags,
        summary: 'One signing request with its canonical payload and human-readable details',
        params: signingRequestIdParams,
        response: { 200: dataEnvelope(signingRequestView), 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const caller = await resolveSecurityAppCaller(app.db, request);
      return { data: await getSigningRequest(app.db, caller.userId, request.params.id) };
    },
  );

  app.post(
    `${BASE}/signingRequests/:id/signature`,
    {
      schema: {
        tags,
        summary: 'Approve: the Ed25519 signature over the canonical payload (base64url)',
        params: signingRequestIdParams,
        body: approveSigningRequestBody,
        response: {
          200: dataEnvelope(signingRequestView),
          400: errorBody,
          401: errorBody,
          404: errorBody,
          409: errorBody,
          410: errorBody,
        },
      },
    },
    async (request) => {
      const caller = await resolveSecurityAppCaller(app.db, request);
      const data = await approveSigningRequest(app.db, caller, request.params.id, request.body.signature).catch(
        (error: unknown) => {
          announce(caller.email, securityAppUpdateReasons.signingRequest);
          throw error;
        },
      );
      announce(caller.email, securityAppUpdateReasons.signingRequest);
      return { data };
    },
  );

  app.post(
    `${BASE}/signingRequests/:id/reject`,
    {
      schema: {
        tags,
        summary: 'Reject a pending signing request',
        params: signingRequestIdParams,
        response: {
          200: dataEnvelope(signingRequestView),
          401: errorBody,
          404: errorBody,
          409: errorBody,
          410: errorBody,
        },
      },
    },
    async (request) => {
      const caller = await resolveSecurityAppCaller(app.db, request);
      const data = await rejectSigningRequest(app.db, caller, request.params.id);
      announce(caller.email, securityAppUpdateReasons.signingRequest);
      return { data };
    },
  );
};
