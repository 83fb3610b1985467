import {
  changePasswordBody,
  dataEnvelope,
  errorBody,
  passwordChanged,
  updateUserBody,
  userProfile,
  userWithOnboarding,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { changePassword } from '../auth/operations/change-password.js';
import { getUser } from './operations/get-user.js';
import { updateUserProfile } from './operations/update-user-profile.js';

const tags = ['User'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody };

/** Spec section 7, App and user: the caller's own account (never another's: no user id in any path). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  app.get(
    '/api/v1/user',
    { schema: { tags, summary: 'The logged-in user', response: { 200: dataEnvelope(userWithOnboarding), ...errors } } },
    async (request) => ({ data: await getUser(app, currentUser(request)) }),
  );

  app.put(
    '/api/v2/user',
    {
      schema: {
        tags,
        summary: 'Name, newsletter, referral and affiliate (NamePassword step)',
        body: updateUserBody,
        response: { 200: dataEnvelope(userProfile), ...errors },
      },
    },
    async (request) => ({ data: await updateUserProfile(app, currentUser(request), request.body) }),
  );

  app.patch(
    '/api/v1/user/password',
    {
      schema: {
        tags,
        summary: 'Change the password (current one required)',
        body: changePasswordBody,
        response: { 200: dataEnvelope(passwordChanged), ...errors },
      },
    },
    async (request, reply) => ({
      data: await changePassword(app, request, reply, currentUser(request), request.body),
    }),
  );
};
