import {
  dataEnvelope,
  errorBody,
  passkeyCeremony,
  passkeyIdParams,
  passkeyList,
  passkeyLoginBody,
  passkeyRegistrationBody,
  passkeyView,
  sessionInfo,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { finishPasskeyLogin, startPasskeyLogin } from './operations/authentication.js';
import { listOwnPasskeys, removeOwnPasskey } from './operations/manage.js';
import { finishPasskeyRegistration, startPasskeyRegistration } from './operations/registration.js';

const tags = ['Auth'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

/** Biometric login on the web: WebAuthn passkeys (issue 20, ADR 0029). */
export const passkeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/passkeys/registration/options',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Start registering a passkey',
        response: { 200: dataEnvelope(passkeyCeremony), ...errors },
      },
    },
    async (request) => ({ data: await startPasskeyRegistration(app, request, currentUser(request)) }),
  );

  app.post(
    '/auth/passkeys/registration',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Store the passkey the browser created',
        body: passkeyRegistrationBody,
        response: { 200: dataEnvelope(passkeyView), ...errors },
      },
    },
    async (request) => ({ data: await finishPasskeyRegistration(app, request, currentUser(request), request.body) }),
  );

  app.get(
    '/auth/passkeys',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'The passkeys of the caller', response: { 200: dataEnvelope(passkeyList), ...errors } },
    },
    async (request) => ({ data: await listOwnPasskeys(app, currentUser(request)) }),
  );

  app.delete(
    '/auth/passkeys/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Remove a passkey',
        params: passkeyIdParams,
        response: { 200: dataEnvelope(z.object({ removed: z.literal(true) })), ...errors },
      },
    },
    async (request) => ({ data: await removeOwnPasskey(app, currentUser(request), request.params.id) }),
  );

  app.post(
    '/auth/passkeys/login/options',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Start a passkey login', response: { 200: dataEnvelope(passkeyCeremony), ...errors } },
    },
    async (request) => ({ data: await startPasskeyLogin(app, request) }),
  );

  app.post(
    '/auth/passkeys/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Log in with a passkey',
        body: passkeyLoginBody,
        response: { 200: dataEnvelope(sessionInfo), ...errors },
      },
    },
    async (request, reply) => ({ data: await finishPasskeyLogin(app, request, reply, request.body) }),
  );
};
