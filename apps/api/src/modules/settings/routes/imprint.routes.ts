import { dataEnvelope, errorBody, imprintParams, imprintView } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { findPartnerByPartnerId } from '../../partners/partners.repo.js';

/** The imprint and imprint details of a partner, from its configuration (issue 20); public like the app config. */
export const imprintRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/imprint/:partnerId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['App config'],
        summary: "The partner's imprint text and support contacts",
        params: imprintParams,
        response: { 200: dataEnvelope(imprintView), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const partner = await findPartnerByPartnerId(app.db, request.params.partnerId);
      if (!partner) throw new AppError('PARTNER_NOT_FOUND');
      return {
        data: {
          name: partner.name,
          imprint: partner.imprint,
          supportEmail: partner.supportEmail,
          supportPhone: partner.supportPhone,
        },
      };
    },
  );
};
