import { assetIdOnlyParams, dataEnvelope, errorBody, registerAssetView } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCsv, registerLogOf, registerOfAsset } from './register-admin.js';
import { registerSignerFromSeed } from './register-roots.js';

const tags = ['Back office: share register'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** The share register per asset in the back office (issue 39). Guards: the permission table. */
export const registerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const signer = registerSignerFromSeed(app.config.REGISTER_SIGNING_KEY);
  app.get(
    '/admin/api/v1/assets/:id/register/log',
    {
      schema: {
        tags,
        summary:
          'The asset’s whole register log (brickwise.register.log v1, docs/register/format.md) for the issuer and auditors',
        params: assetIdOnlyParams,
        response: { 200: z.record(z.string(), z.unknown()), ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      reply
        .header('content-disposition', `attachment; filename="registerlog-${encodeURIComponent(id)}.json"`)
        .header('cache-control', 'no-store');
      return registerLogOf(app.db, signer, id, new Date());
    },
  );
  app.get(
    '/admin/api/v1/assets/:id/register',
    {
      schema: {
        tags,
        summary: 'The asset’s holders as the register counts them, beside the ledger’s share books',
        params: assetIdOnlyParams,
        response: { 200: dataEnvelope(registerAssetView), ...errors },
      },
    },
    async (request) => ({ data: await registerOfAsset(app.db, request.params.id) }),
  );
  app.get(
    '/admin/api/v1/assets/:id/register/export',
    {
      schema: {
        tags,
        summary: 'The issuer’s shareholder register of the asset as CSV (RFC 4180, formula-safe)',
        params: assetIdOnlyParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await registerCsv(app.db, request.params.id);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="anteilsregister-${encodeURIComponent(request.params.id)}-${stamp}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
