import { dataEnvelope, errorBody, taxStatementList, taxStatementParams } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { collectTaxStatement, listTaxStatements, renderTaxStatementPdf } from './operations/tax-statement.js';

const tags = ['Distributions'];

/** The investor's side of distributions (issue 22): annual tax statements as PDF. */
export const distributionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/user/taxStatements',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The years with distributions, each with its totals and the statement PDF',
        response: { 200: dataEnvelope(taxStatementList), 401: errorBody },
      },
    },
    async (request) => ({ data: await listTaxStatements(app.db, currentUser(request).userId) }),
  );
  app.get(
    '/api/v1/user/taxStatements/:year',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Annual tax statement (PDF): income per asset, tax withheld by kind, totals',
        params: taxStatementParams,
      },
    },
    async (request, reply) => {
      const statement = await collectTaxStatement(app.db, currentUser(request).userId, request.params.year);
      const bytes = await renderTaxStatementPdf(statement);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="steuerbescheinigung-${request.params.year}.pdf"`)
        .send(Buffer.from(bytes));
    },
  );
};
