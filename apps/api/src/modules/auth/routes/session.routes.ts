import {
  dataEnvelope,
  errorBody,
  loggedOut,
  loginBody,
  loginLinkParams,
  loginLinkQuery,
  loginLinkSent,
  otpLoginBody,
  platformFamily,
  sessionInfo,
  switchSession as switchSessionAnswer,
  switchSessionBody,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import { login } from '../operations/login.js';
import {
  checkSession,
  loginWithOneTimeToken,
  logout,
  requestLoginLink,
  switchSession,
} from '../operations/sessions.js';
import { switchAccount } from '../operations/switch-account.js';
import { errors, parseEmailParam, tags } from './route-support.js';

/** Logging in and out: password, one-time login link, the live session, continuing on another platform. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Log in with e-mail and password',
        body: loginBody,
        response: { 200: dataEnvelope(sessionInfo), ...errors },
      },
    },
    async (request, reply) => ({ data: await login(app, request, reply, request.body) }),
  );

  app.get(
    '/auth/checksession',
    {
      schema: {
        tags,
        summary: 'The live session of the caller',
        response: { 200: dataEnvelope(sessionInfo), 401: errorBody },
      },
    },
    async (request) => ({ data: await checkSession(request) }),
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'End the session', response: { 200: dataEnvelope(loggedOut), 403: errorBody } },
    },
    async (request, reply) => ({ data: await logout(app, request, reply) }),
  );

  app.post(
    '/auth/login/otp/:email',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'E-mail a one-time login link',
        params: loginLinkParams,
        querystring: loginLinkQuery,
        response: { 200: dataEnvelope(loginLinkSent), ...errors },
      },
    },
    async (request) => ({
      data: await requestLoginLink(app, request, parseEmailParam(request.params.email), request.query.platform),
    }),
  );

  app.post(
    '/auth/login/otp',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Log in with a one-time token (login link or session switch)',
        body: otpLoginBody,
        response: { 200: dataEnvelope(sessionInfo), ...errors },
      },
    },
    async (request, reply) => ({ data: await loginWithOneTimeToken(app, request, reply, request.body.token) }),
  );

  app.post(
    '/auth/switchSession',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'A route family: a one-time token to continue this session there; a partner id: switch to your account there',
        body: switchSessionBody,
        response: { 200: dataEnvelope(switchSessionAnswer), 404: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const destination = request.body.destinationPlatform;
      const family = platformFamily.safeParse(destination);
      return {
        data: family.success
          ? await switchSession(app, currentUser(request), family.data)
          : await switchAccount(app, request, reply, currentUser(request), destination),
      };
    },
  );
};
