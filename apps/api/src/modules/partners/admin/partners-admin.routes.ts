import { createPartnerBody, dataEnvelope, partnerAdminView, partnerParams, updatePartnerBody } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrors } from '../../../platform/admin-errors.js';
import { staffActor } from '../../../platform/staff-session.js';
import { createPartner, listPartnersForStaff, updatePartner } from './partners-admin.js';

const tags = ['Back office: partners'];

/** Partners (white label): colours, icon, flags, intro slides, imprint, contacts (issue 21). */
export const partnersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/api/v1/partners',
    {
      schema: {
        tags,
        summary: 'Every partner with its investors',
        response: { 200: dataEnvelope(z.array(partnerAdminView)), ...adminErrors },
      },
    },
    async () => ({ data: await listPartnersForStaff(app.db) }),
  );
  app.post(
    '/admin/api/v1/partners',
    {
      schema: {
        tags,
        summary: 'Create a partner (white-label tenant) with its look, app identities and fees',
        body: createPartnerBody,
        response: { 200: dataEnvelope(partnerAdminView), ...adminErrors },
      },
    },
    async (request) => ({ data: await createPartner(app.db, staffActor(request), request.body) }),
  );
  app.put(
    '/admin/api/v1/partners/:appId',
    {
      schema: {
        tags,
        summary: "Change a partner's look, flags, intro slides, imprint and contacts",
        params: partnerParams,
        body: updatePartnerBody,
        response: { 200: dataEnvelope(partnerAdminView), ...adminErrors },
      },
    },
    async (request) => ({ data: await updatePartner(app.db, staffActor(request), request.params.appId, request.body) }),
  );
};
