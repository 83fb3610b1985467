import {
  accountDeletionView,
  confirmAccountDeletionBody,
  dataEnvelope,
  errorBody,
  updateAnalyticsBody,
  userDocumentList,
  userSettingsView,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import { cancelDeletion, confirmDeletion, requestDeletion } from '../operations/deletion.js';
import { listUserDocuments } from '../operations/documents.js';
import { getSettings, updateAnalytics } from '../operations/preferences.js';

const tags = ['User settings'];
const errors = { 400: errorBody, 401: errorBody, 409: errorBody };

/** Issue 20: the settings screen's own calls, the documents list and account deletion. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Spec: a caller without a session gets 401 before any input is validated.
  app.addHook('onRequest', requireUser);

  app.get(
    '/api/v2/user/settings',
    {
      schema: {
        tags,
        summary: 'Analytics consent, financial advisor and an open account deletion',
        response: { 200: dataEnvelope(userSettingsView), 401: errorBody },
      },
    },
    async (request) => ({ data: await getSettings(app.db, currentUser(request).userId) }),
  );

  app.put(
    '/api/v2/user/analytics',
    {
      schema: {
        tags,
        summary: 'Consent to usage analytics (a no deletes the events kept so far)',
        body: updateAnalyticsBody,
        response: { 200: dataEnvelope(userSettingsView), ...errors },
      },
    },
    async (request) => ({ data: await updateAnalytics(app.db, currentUser(request).userId, request.body) }),
  );

  app.get(
    '/api/v1/user/documents',
    {
      schema: {
        tags,
        summary: 'Every agreement the user signed and every tax statement, with its download address',
        response: { 200: dataEnvelope(userDocumentList), 401: errorBody },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { data: await listUserDocuments(app.db, user.userId, user.partnerId) };
    },
  );

  app.post(
    '/api/v2/user/deletion',
    {
      schema: {
        tags,
        summary: 'Request the deletion of the account (refused while holdings, offers or money remain); e-mail follows',
        response: { 200: dataEnvelope(accountDeletionView), ...errors },
      },
    },
    async (request) => ({ data: await requestDeletion(app, currentUser(request)) }),
  );

  app.post(
    '/api/v2/user/deletion/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm the deletion with the token of the e-mail; the account is deleted 4 to 7 days later',
        body: confirmAccountDeletionBody,
        response: { 200: dataEnvelope(accountDeletionView), ...errors },
      },
    },
    async (request) => ({ data: await confirmDeletion(app.db, currentUser(request), request.body.token) }),
  );

  app.delete(
    '/api/v2/user/deletion',
    {
      schema: {
        tags,
        summary: 'Withdraw an open deletion request',
        response: { 200: dataEnvelope(z.null()), 401: errorBody },
      },
    },
    async (request) => ({ data: await cancelDeletion(app.db, currentUser(request)) }),
  );
};
