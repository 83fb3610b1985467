import {
  accepted,
  dataEnvelope,
  emailAvailability,
  emailParams,
  errorBody,
  passwordSet,
  registerBody,
  registered,
  resendVerificationBody,
  sessionInfo,
  setPasswordBody,
  verifyEmailBody,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import { register, resendVerification } from '../operations/register.js';
import { emailAvailability as checkEmailAvailability } from '../operations/sessions.js';
import { setPassword } from '../operations/set-password.js';
import { verifyEmail } from '../operations/verify-email.js';
import { errors, parseEmailParam, tags } from './route-support.js';

/** Registration (ADR 0003): the e-mail step, its verification, the first password. */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/email/isAvailable/:email',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whether an e-mail address can still register',
        params: emailParams,
        response: { 200: dataEnvelope(emailAvailability), 400: errorBody, 429: errorBody },
      },
    },
    async (request) => ({ data: await checkEmailAvailability(app, request, parseEmailParam(request.params.email)) }),
  );

  app.post(
    '/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Registration, Email step: create the account and send the verification e-mail',
        body: registerBody,
        response: { 200: dataEnvelope(registered), ...errors, 404: errorBody },
      },
    },
    async (request) => ({ data: await register(app, request, request.body) }),
  );

  app.post(
    '/auth/register/resend',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Resend the verification e-mail ('no email received')",
        body: resendVerificationBody,
        response: { 200: dataEnvelope(accepted), ...errors },
      },
    },
    async (request) => ({ data: await resendVerification(app, request, request.body.resendToken) }),
  );

  app.post(
    '/auth/verify-email',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Confirm the e-mail address from /verify/{token}; opens a session',
        body: verifyEmailBody,
        response: { 200: dataEnvelope(sessionInfo), ...errors },
      },
    },
    async (request, reply) => ({ data: await verifyEmail(app, request, reply, request.body.token) }),
  );

  app.patch(
    '/auth/set-password',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Set the first password (registration)',
        body: setPasswordBody,
        response: { 200: dataEnvelope(passwordSet), ...errors },
      },
    },
    async (request) => ({ data: await setPassword(app, currentUser(request), request.body.passwordNew) }),
  );
};
