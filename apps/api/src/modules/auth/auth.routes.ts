import {
  accepted,
  codeValid,
  dataEnvelope,
  emailAddress,
  emailAvailability,
  emailParams,
  errorBody,
  ichAppLoginBody,
  ichAppUrl,
  ichAppUrlQuery,
  loggedOut,
  loginBody,
  loginLinkParams,
  loginLinkQuery,
  loginLinkSent,
  otpLoginBody,
  passwordSet,
  registerBody,
  registered,
  resendVerificationBody,
  resetCheckBody,
  resetFinishBody,
  resetPasswordBody,
  sessionInfo,
  setPasswordBody,
  switchSession as switchSessionAnswer,
  switchSessionBody,
  verifyEmailBody,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { externalLogin, externalLoginUrl } from './operations/external-login.js';
import { login } from './operations/login.js';
import { register, resendVerification } from './operations/register.js';
import { checkResetCode, finishPasswordReset, requestPasswordReset } from './operations/reset-password.js';
import {
  emailAvailability as checkEmailAvailability,
  checkSession,
  loginWithOneTimeToken,
  logout,
  requestLoginLink,
  switchSession,
} from './operations/sessions.js';
import { setPassword } from './operations/set-password.js';
import { verifyEmail } from './operations/verify-email.js';

const tags = ['Auth'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };

const parseEmailParam = (value: string): string => {
  const parsed = emailAddress.safeParse(value);
  if (!parsed.success) throw new AppError('EMAIL_INVALID');
  return parsed.data;
};

/** Spec section 7, Auth, plus the registration calls of ADR 0003. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
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
    async (request) => ({ data: await checkSession(app, request) }),
  );

  app.post(
    '/auth/logout',
    { schema: { tags, summary: 'End the session', response: { 200: dataEnvelope(loggedOut), 403: errorBody } } },
    async (request, reply) => ({ data: await logout(app, request, reply) }),
  );

  app.get(
    '/auth/email/isAvailable/:email',
    {
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

  app.post(
    '/auth/reset-password',
    {
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
      schema: {
        tags,
        summary: 'Set a new password with the reset code or link token',
        body: resetFinishBody,
        response: { 200: dataEnvelope(z.object({ passwordReset: z.literal(true) })), ...errors },
      },
    },
    async (request) => ({ data: await finishPasswordReset(app, request.body) }),
  );

  app.post(
    '/auth/login/otp/:email',
    {
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
        summary: 'A one-time token to continue this session on another platform',
        body: switchSessionBody,
        response: { 200: dataEnvelope(switchSessionAnswer), ...errors },
      },
    },
    async (request) => ({ data: await switchSession(app, currentUser(request), request.body.destinationPlatform) }),
  );

  app.get(
    '/auth/ichApp/url',
    {
      schema: {
        tags,
        summary: 'Start the external login (ichApp): authorize URL with PKCE and state',
        querystring: ichAppUrlQuery,
        response: { 200: dataEnvelope(ichAppUrl), 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => ({ data: await externalLoginUrl(app, request, reply, request.query) }),
  );

  app.post(
    '/auth/ichApp/login',
    {
      schema: {
        tags,
        summary: 'Finish the external login with the authorization code',
        body: ichAppLoginBody,
        response: { 200: dataEnvelope(sessionInfo), ...errors },
      },
    },
    async (request, reply) => ({ data: await externalLogin(app, request, reply, request.body) }),
  );
};
