import {
  assetDistributionsView,
  assetIdOnlyParams,
  assetIncomeView,
  dataEnvelope,
  distributionProposalView,
  errorBody,
  incomeDocumentParams,
  recordIncomeBody,
  runDistributionBody,
} from '@bw/contracts';
import { assetIncome, assetIncomeDocuments } from '@bw/db';
import multipart from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.js';
import { staffActor } from '../../../platform/staff-session.js';
import { proposeDistribution } from '../operations/distribution-proposals.js';
import { getAssetDistributions } from '../operations/distributions-view.js';
import { addIncomeDocument, MAX_INCOME_DOCUMENT_BYTES, recordIncome } from '../operations/record-income.js';

const tags = ['Back office: distributions'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const P = '/admin/api/v1/assets/:id';

/** Income recording with evidence and distribution runs per asset (issue 22). Guards: the permission table. */
export const distributionsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_INCOME_DOCUMENT_BYTES, files: 1, fields: 2, parts: 3 } });
  const deps = { db: app.db, outbox: app.outbox };

  app.get(
    `${P}/distributions`,
    {
      schema: {
        tags,
        summary: 'Incomes (with documents) and distribution runs of an asset',
        params: assetIdOnlyParams,
        response: { 200: dataEnvelope(assetDistributionsView), ...errors },
      },
    },
    async (request) => ({ data: await getAssetDistributions(app.db, request.params.id) }),
  );
  app.post(
    `${P}/incomes`,
    {
      schema: {
        tags,
        summary: 'Record income the asset receives for a period (booked when the provider confirms the transfer)',
        params: assetIdOnlyParams,
        body: recordIncomeBody,
        response: { 200: dataEnvelope(assetIncomeView), ...errors },
      },
    },
    async (request) => ({
      data: await recordIncome(deps, staffActor(request), request.params.id, request.body),
    }),
  );
  app.post(
    `${P}/incomes/:incomeId/documents`,
    {
      schema: {
        tags,
        summary: 'Attach evidence to an income (multipart field `file`; PDF, JPEG or PNG; 10 MB)',
        params: incomeDocumentParams,
        response: {
          200: dataEnvelope(z.object({ id: z.uuid(), fileName: z.string(), sizeBytes: z.number().int() })),
          ...errors,
          413: errorBody,
          415: errorBody,
        },
      },
    },
    async (request) => {
      let part: Awaited<ReturnType<typeof request.file>>;
      try {
        part = await request.file({ limits: { fileSize: MAX_INCOME_DOCUMENT_BYTES, files: 1 } });
      } catch {
        throw new AppError('BAD_REQUEST');
      }
      if (part?.fieldname !== 'file')
        throw new AppError('VALIDATION_FAILED', { 'body.file': 'Bitte wähle eine Datei.' });
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        throw new AppError(error.code === 'FST_REQ_FILE_TOO_LARGE' ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST');
      });
      return {
        data: await addIncomeDocument(deps, staffActor(request), {
          assetId: request.params.id,
          incomeId: request.params.incomeId,
          fileName: part.filename,
          bytes,
        }),
      };
    },
  );
  app.get(
    `${P}/incomes/:incomeId/documents/:fileId`,
    {
      schema: {
        tags,
        summary: 'One evidence file of an income',
        params: incomeDocumentParams.extend({ fileId: z.uuid() }),
      },
    },
    async (request, reply) => {
      const [doc] = await app.db
        .select({
          content: assetIncomeDocuments.content,
          contentType: assetIncomeDocuments.contentType,
          fileName: assetIncomeDocuments.fileName,
        })
        .from(assetIncomeDocuments)
        .innerJoin(assetIncome, eq(assetIncome.id, assetIncomeDocuments.incomeId))
        .where(
          and(
            eq(assetIncomeDocuments.id, request.params.fileId),
            eq(assetIncomeDocuments.incomeId, request.params.incomeId),
            eq(assetIncome.assetId, request.params.id),
          ),
        );
      if (!doc) throw new AppError('NOT_FOUND');
      return reply
        .type(doc.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="${encodeURIComponent(doc.fileName)}"`)
        .send(Buffer.from(doc.content));
    },
  );
  app.post(
    `${P}/distributions`,
    {
      schema: {
        tags,
        summary:
          'Propose the run of a period and submit it for approval (four eyes: a second operator approves, which pays)',
        params: assetIdOnlyParams,
        body: runDistributionBody,
        response: { 200: dataEnvelope(distributionProposalView), ...errors },
      },
    },
    async (request) => ({
      data: await proposeDistribution(deps, staffActor(request), request.params.id, request.body),
    }),
  );
};
