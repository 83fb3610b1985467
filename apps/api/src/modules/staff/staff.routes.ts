import {
  acceptInvitationBody,
  dataEnvelope,
  done,
  errorBody,
  invitationTokenParams,
  invitationView,
  inviteStaffBody,
  staffInvited,
  staffLoginBody,
  staffSession,
  staffView,
  updateStaffBody,
  uuidParams,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { originOf } from '../../platform/request-origin.js';
import { staffActor } from '../../platform/staff-session.js';
import { acceptInvitation, getInvitation } from './operations/accept-invitation.js';
import { inviteStaff, resendInvitation } from './operations/invite-staff.js';
import { listStaffMembers, staffLogout, updateStaffMember } from './operations/manage-staff.js';
import { staffLogin } from './operations/staff-login.js';
import { findStaffSession } from './staff.repo.js';
import { clearStaffCookies, startStaffSession, toStaffSession } from './staff-session-store.js';

const tags = ['Back office: staff'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

/** Staff accounts, invitations and the staff session (issue 21, ADR 0019). Guards: backoffice/permissions.ts. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, outbox: app.outbox, config: app.config };

  app.post(
    '/admin/api/v1/session',
    {
      schema: {
        tags,
        summary: 'Staff login: e-mail, password and TOTP code',
        body: staffLoginBody,
        response: { 200: dataEnvelope(staffSession), ...errors },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const staff = await staffLogin(app.db, app.config, { ...request.body, origin: originOf(request) }, now);
      return { data: await startStaffSession(app.db, request, reply, staff, now) };
    },
  );

  app.get(
    '/admin/api/v1/session',
    { schema: { tags, summary: 'The live staff session', response: { 200: dataEnvelope(staffSession), ...errors } } },
    async (request) => {
      const found = await findStaffSession(app.db, request.staffSessionTokenHash ?? '');
      if (!found) throw new AppError('STAFF_UNAUTHENTICATED');
      return { data: toStaffSession(found.staff, found.session.csrfToken, found.session.expiresAt) };
    },
  );

  app.delete(
    '/admin/api/v1/session',
    { schema: { tags, summary: 'Staff logout', response: { 200: dataEnvelope(done), ...errors } } },
    async (request, reply) => {
      await staffLogout(app.db, staffActor(request), request.staffSessionTokenHash ?? '');
      clearStaffCookies(reply, app.config);
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/admin/api/v1/invitations/:token',
    {
      schema: {
        tags,
        summary: 'An open invitation and its TOTP secret',
        params: invitationTokenParams,
        response: { 200: dataEnvelope(invitationView), ...errors },
      },
    },
    async (request) => ({ data: await getInvitation(app.db, app.config, request.params.token, new Date()) }),
  );

  app.post(
    '/admin/api/v1/invitations/:token/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation: password and the first TOTP code; opens a session',
        params: invitationTokenParams,
        body: acceptInvitationBody,
        response: { 200: dataEnvelope(staffSession), ...errors },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const staff = await acceptInvitation(
        app.db,
        app.config,
        { token: request.params.token, ...request.body, origin: originOf(request) },
        now,
      );
      return { data: await startStaffSession(app.db, request, reply, staff, now) };
    },
  );

  app.get(
    '/admin/api/v1/staff',
    { schema: { tags, summary: 'All staff members', response: { 200: dataEnvelope(z.array(staffView)), ...errors } } },
    async () => ({ data: await listStaffMembers(app.db) }),
  );

  app.post(
    '/admin/api/v1/staff',
    {
      schema: {
        tags,
        summary: 'Invite a staff member by e-mail',
        body: inviteStaffBody,
        response: { 200: dataEnvelope(staffInvited), ...errors },
      },
    },
    async (request) => ({ data: await inviteStaff(deps, staffActor(request), request.body) }),
  );

  app.patch(
    '/admin/api/v1/staff/:id',
    {
      schema: {
        tags,
        summary: 'Change role or block a staff member',
        params: uuidParams,
        body: updateStaffBody,
        response: { 200: dataEnvelope(staffView), ...errors },
      },
    },
    async (request) => ({
      data: await updateStaffMember(app.db, staffActor(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/admin/api/v1/staff/:id/invitation',
    {
      schema: {
        tags,
        summary: 'Send a new invitation link',
        params: uuidParams,
        response: { 200: dataEnvelope(staffInvited), ...errors },
      },
    },
    async (request) => ({ data: await resendInvitation(deps, staffActor(request), request.params.id) }),
  );
};
