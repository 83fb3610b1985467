import { Readable } from 'node:stream';
import { auditFilter, auditPage, auditQuery, dataEnvelope, errorBody } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditCsv } from './operations/export-audit.js';
import { searchAuditLog } from './operations/search-audit.js';

const tags = ['Back office: audit log'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** The append-only audit log (issue 21): search with paging, and a streamed CSV export. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/api/v1/audit',
    {
      schema: {
        tags,
        summary: 'Search the audit log',
        querystring: auditQuery,
        response: { 200: dataEnvelope(auditPage), ...errors },
      },
    },
    async (request) => ({ data: await searchAuditLog(app.db, request.query) }),
  );

  app.get(
    '/admin/api/v1/audit/export',
    {
      schema: {
        tags,
        summary: 'The audit log as CSV (RFC 4180, formula-safe), streamed; same filters as the search',
        querystring: auditFilter,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="protokoll-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(auditCsv(app.db, request.query)));
    },
  );
};
