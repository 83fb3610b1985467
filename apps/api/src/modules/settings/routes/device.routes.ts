import {
  advertisingIdBody,
  analyticsEventBody,
  complianceLogBody,
  dataEnvelope,
  errorBody,
  firebaseIdBody,
  recordedView,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import { recordAnalyticsEvent, recordComplianceLog } from '../operations/preferences.js';
import { upsertPreferences } from '../settings.repo.js';

const tags = ['User'];
const response = { 200: dataEnvelope(recordedView), 400: errorBody, 401: errorBody };

/** Spec section 7: the device identifiers and the analytics and compliance logs (issue 20). */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.post(
    '/api/v1/user/firebaseId',
    { schema: { tags, summary: "The app's Firebase installation id", body: firebaseIdBody, response } },
    async (request) => {
      await upsertPreferences(app.db, currentUser(request).userId, { firebaseId: request.body.firebaseId });
      return { data: { recorded: true } };
    },
  );

  app.post(
    '/api/v1/user/advertisingId',
    {
      schema: {
        tags,
        summary: 'Advertising data (advertising id, Google client id, Facebook id, user agent)',
        body: advertisingIdBody,
        response,
      },
    },
    async (request) => {
      const body = request.body;
      await upsertPreferences(app.db, currentUser(request).userId, {
        advertising: {
          advertisingId: body.advertisingId,
          appGoogleClientId: body.appGoogleClientId ?? null,
          appFacebookId: body.appFacebookId ?? null,
          userAgent: body.userAgent ?? null,
        },
      });
      return { data: { recorded: true } };
    },
  );

  app.post(
    '/api/v1/utils/analyticsEvent',
    {
      schema: {
        tags: ['Utilities'],
        summary: 'A usage event; kept only with the analytics consent (recorded: false otherwise)',
        body: analyticsEventBody,
        response,
      },
    },
    async (request) => ({ data: await recordAnalyticsEvent(app.db, currentUser(request).userId, request.body) }),
  );

  app.post(
    '/api/v1/utils/complianceLog',
    {
      schema: {
        tags: ['Utilities'],
        summary: 'A compliance-relevant action with device data, kept 7 years and shown to the operator',
        body: complianceLogBody,
        response,
      },
    },
    async (request) => ({
      data: await recordComplianceLog(app.db, currentUser(request).userId, request.body, request.ip),
    }),
  );
};
