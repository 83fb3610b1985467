import { dataEnvelope, errorBody, updatePhoneBody, userProfile } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { updatePhone } from './operations/update-phone.js';

const tags = ['Onboarding'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };

/** Spec section 7, App and user: the onboarding calls on the caller's own account (issue 5). */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  app.put(
    '/api/v2/user/phone',
    {
      schema: {
        tags,
        summary: 'Phone number (PhoneNumber step): digits only, plausible, stored as E.164',
        body: updatePhoneBody,
        response: { 200: dataEnvelope(userProfile), ...errors },
      },
    },
    async (request) => ({ data: await updatePhone(app, currentUser(request), request.body) }),
  );
};
