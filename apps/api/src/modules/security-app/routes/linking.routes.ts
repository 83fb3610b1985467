import {
  dataEnvelope,
  disconnectSecurityAppBody,
  disconnectSecurityAppResult,
  errorBody,
  linkSecurityAppBody,
  linkSecurityAppResult,
  pairingCodeResult,
  registerPrivateBody,
  registerPrivateResult,
  securityAppUpdateReasons,
  securityAppView,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import { createPairing } from '../operations/create-pairing.js';
import { disconnectSecurityApp } from '../operations/disconnect-security-app.js';
import { getSecurityApp } from '../operations/get-security-app.js';
import { linkSecurityApp } from '../operations/link-security-app.js';
import { registerPrivateApp } from '../operations/register-private-app.js';
import { callerActor, callerOf, resolveCallerFirst } from '../security-app-caller.js';
import { BASE, tags } from './route-support.js';

/** Linking (spec sections 4 and 6, ADR 0007): the status, a pairing code, linking the app, a private app, removing it. */
export const linkingRoutes: FastifyPluginAsyncZod = async (app) => {
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
      // The pairing code is the credential: the app has no session.
      config: { access: 'public' },
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
      config: { access: 'device' },
      onRequest: resolveCallerFirst(app.db),
      schema: {
        tags,
        summary: 'Remove the linked security app; needs the recovery secret of the recovery file',
        body: disconnectSecurityAppBody.optional(),
        response: { 200: dataEnvelope(disconnectSecurityAppResult), 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await disconnectSecurityApp(app.db, {
        userId: caller.userId,
        recoverySecret: request.body?.recoverySecret,
        actor: callerActor(caller),
      });
      announce(caller.email, securityAppUpdateReasons.status);
      return { data: { status: 'disconnected' as const } };
    },
  );
};
