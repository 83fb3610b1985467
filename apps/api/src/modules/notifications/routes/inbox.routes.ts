import {
  dataEnvelope,
  errorBody,
  notificationIdParams,
  notificationListQuery,
  notificationPage,
  notificationSeenResult,
  notificationSettings,
  notificationSettingsBody,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import { listNotifications } from '../operations/list-notifications.js';
import { markSeen } from '../operations/mark-notification-seen.js';
import { getNotificationSettings, saveNotificationSettings } from '../operations/notification-settings.js';

const tags = ['Notifications'];

/** The inbox (spec sections 4, 7, 9): pages of 20, newest first; marking one seen. */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/notification',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'One page of the inbox, newest first (page 0 first; pass `cursor` for keyset paging)',
        querystring: notificationListQuery,
        response: { 200: dataEnvelope(notificationPage), 400: errorBody, 401: errorBody },
      },
    },
    async (request) => ({ data: await listNotifications(app.db, currentUser(request).userId, request.query) }),
  );
  app.post(
    '/api/v1/notification/:id/seen',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Marks one notification as read and answers the new unread count',
        params: notificationIdParams,
        response: { 200: dataEnvelope(notificationSeenResult), 401: errorBody, 404: errorBody },
      },
    },
    async (request) => ({
      data: await markSeen({ db: app.db, bus: app.bus }, currentUser(request), request.params.id, new Date()),
    }),
  );
  app.get(
    '/api/v1/notification/settings',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Push and e-mail per notification type',
        response: { 200: dataEnvelope(notificationSettings), 401: errorBody },
      },
    },
    async (request) => ({
      data: { settings: await getNotificationSettings(app.db, currentUser(request).userId) },
    }),
  );
  app.put(
    '/api/v1/notification/settings',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Changes push and e-mail for the given notification types',
        body: notificationSettingsBody,
        response: { 200: dataEnvelope(notificationSettings), 400: errorBody, 401: errorBody },
      },
    },
    async (request) => ({
      data: {
        settings: await saveNotificationSettings(
          app.db,
          currentUser(request).userId,
          request.body.settings,
          new Date(),
        ),
      },
    }),
  );
};
