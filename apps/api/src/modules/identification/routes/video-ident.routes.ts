import { dataEnvelope, estimatedWaitingTime, videoIdentStart } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IdentificationContext } from '../identification-context.js';
import { startVideoIdent } from '../operations/start-identification.js';
import { B, errors, tags, userIdOf } from './route-support.js';

/** Provider B: a video identification (spec: `data.idNowId`) and its queue's waiting time. */
export const videoIdentRoutes =
  (context: IdentificationContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      B,
      {
        schema: {
          tags,
          summary: 'Start a video identification; answers data.idNowId',
          response: { 200: dataEnvelope(videoIdentStart), ...errors },
        },
      },
      async (request) => ({ data: await startVideoIdent(context, userIdOf(request)) }),
    );

    app.get(
      `${B}/estimatedwaitingtime`,
      {
        schema: {
          tags,
          summary: 'Estimated waiting time for a video identification',
          response: { 200: dataEnvelope(estimatedWaitingTime), ...errors },
        },
      },
      async () => ({
        data: { estimatedWaitingTimeSeconds: await context.provider.videoIdent.estimatedWaitingTimeSeconds() },
      }),
    );
  };
