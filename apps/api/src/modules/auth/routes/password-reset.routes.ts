import { accepted, codeValid, dataEnvelope, resetCheckBody, resetFinishBody, resetPasswordBody } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkResetCode, finishPasswordReset, requestPasswordReset } from '../operations/reset-password.js';
import { errors, tags } from './route-support.js';

/** Forgotten password: a 6-digit code and link by e-mail, checked, then a new password. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Send a 6-digit reset code and link by e-mail',
        body: resetPasswordBody,
        response: { 200: dataEnvelope(accepted), ...errors },
      },
    },
    async (request) => ({ data: await requestPasswordReset(app, request, request.body.email) }),
  );

  app.post(
    '/auth/reset-password/check',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Check a reset code (code step) without using it up',
        body: resetCheckBody,
        response: { 200: dataEnvelope(codeValid), ...errors },
      },
    },
    async (request) => ({ data: await checkResetCode(app, request.body) }),
  );

  app.post(
    '/auth/reset-password/finish',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Set a new password with the reset code or link token',
        body: resetFinishBody,
        response: { 200: dataEnvelope(z.object({ passwordReset: z.literal(true) })), ...errors },
      },
    },
    async (request) => ({ data: await finishPasswordReset(app, request.body) }),
  );
};
