import {
  complaintAnswer,
  complaintBody,
  dataEnvelope,
  editMessageBody,
  errorBody,
  forumAssetParams,
  forumMessage,
  forumMessageList,
  forumMessageParams,
  forumMessagesQuery,
  postMessageBody,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import { fileComplaint } from '../operations/complaint.js';
import { editForumMessage, listForumMessages, postForumMessage } from '../operations/messages.js';

const tags = ['Forum'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const L = '/launchpad/api/v1';

/** The messages of an asset's forum and complaints about them (spec section 7, issue 24). */
export const forumMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${L}/messages/:id`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Messages of an asset’s forum, newest first (verified investors)',
        params: forumAssetParams,
        querystring: forumMessagesQuery,
        response: { 200: dataEnvelope(forumMessageList), ...errors },
      },
    },
    async (request) => ({
      data: await listForumMessages(app.db, currentUser(request), request.params.id, request.query),
    }),
  );
  app.post(
    `${L}/message`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Post a message in an asset’s forum (holders of the asset)',
        body: postMessageBody,
        response: { 200: dataEnvelope(forumMessage), ...errors },
      },
    },
    async (request) => ({ data: await postForumMessage(app.db, currentUser(request), request.body) }),
  );
  app.post(
    `${L}/complaint`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Report a message to the moderation queue (once per investor and message)',
        body: complaintBody,
        response: { 200: dataEnvelope(complaintAnswer), ...errors },
      },
    },
    async (request) => ({ data: await fileComplaint(app.db, currentUser(request), request.body) }),
  );
  app.put(
    `${L}/message/:messageId`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Edit an own message within 15 minutes of posting',
        params: forumMessageParams,
        body: editMessageBody,
        response: { 200: dataEnvelope(forumMessage), ...errors },
      },
    },
    async (request) => ({
      data: await editForumMessage(app.db, currentUser(request), request.params.messageId, request.body.text),
    }),
  );
};
