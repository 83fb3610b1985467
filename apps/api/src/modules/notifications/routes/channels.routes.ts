import { channelParams, channelState, dataEnvelope, errorBody } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import { channelState as readChannel, setChannelSubscription } from '../operations/channels.js';

const tags = ['Notifications'];
const response = { 200: dataEnvelope(channelState), 400: errorBody, 401: errorBody, 404: errorBody };

/**
 * Spec section 7: `POST`/`DELETE /api/v1/channel/subscribe/{x}` and `/channel/unsubscribe/{x}`,
 * `GET /api/v1/channel/subscribe/{x}`. `POST subscribe` and `DELETE unsubscribe` follow; `DELETE
 * subscribe` and `POST unsubscribe` stop following (the client uses either pair).
 */
export const channelRoutes: FastifyPluginAsyncZod = async (app) => {
  const change = (method: 'POST' | 'DELETE', path: 'subscribe' | 'unsubscribe', subscribed: boolean) =>
    app.route({
      method,
      url: `/api/v1/channel/${path}/:x`,
      onRequest: requireUser,
      schema: {
        tags,
        summary: subscribed ? "Follows an asset's channel" : "Stops following an asset's channel",
        params: channelParams,
        response,
      },
      handler: async (request) => ({
        data: await setChannelSubscription(app.db, currentUser(request).userId, request.params.x, subscribed),
      }),
    });
  change('POST', 'subscribe', true);
  change('DELETE', 'subscribe', false);
  change('POST', 'unsubscribe', false);
  change('DELETE', 'unsubscribe', true);
  app.get(
    '/api/v1/channel/subscribe/:x',
    {
      onRequest: requireUser,
      schema: { tags, summary: "Whether the user follows an asset's channel", params: channelParams, response },
    },
    async (request) => ({ data: await readChannel(app.db, currentUser(request).userId, request.params.x) }),
  );
};
