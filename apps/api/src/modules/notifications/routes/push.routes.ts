import { dataEnvelope, errorBody, pushPublicKey, pushTokenBody, pushTokenResult } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import { registerPushToken } from '../operations/register-push-token.js';

const tags = ['Notifications'];

/** Spec section 7: `POST /api/v1/user/pushToken {pushToken}`; the VAPID key browsers subscribe with. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/user/pushToken',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Stores this device's push token (a Web Push subscription as JSON, or an FCM token)",
        body: pushTokenBody,
        response: { 200: dataEnvelope(pushTokenResult), 400: errorBody, 401: errorBody },
      },
    },
    async (request) => ({
      data: await registerPushToken(app.db, currentUser(request).userId, request.body, new Date()),
    }),
  );
  app.get(
    '/api/v1/user/pushToken/publicKey',
    {
      schema: {
        tags,
        summary: 'The VAPID public key for Web Push subscriptions',
        response: { 200: dataEnvelope(pushPublicKey) },
      },
    },
    async () => ({ data: { vapidPublicKey: app.providers.push.vapidPublicKey } }),
  );
};
