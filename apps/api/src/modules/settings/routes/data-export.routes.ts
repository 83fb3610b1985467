import { dataEnvelope, dataExportDownloadQuery, dataExportState, dataExportView, errorBody } from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../../plugins/session-user.js';
import {
  DATA_EXPORT_DOWNLOAD_PATH,
  downloadDataExport,
  requestDataExport,
  dataExportState as stateOf,
} from '../data-export/data-export.js';

const tags = ['User settings'];
/** Per client and minute, beside the daily limit per user (DATA_EXPORT_DAILY_LIMIT). */
const REQUEST_RATE = { max: 10, timeWindow: 60_000 };

/** GDPR Art. 15 and 20 (issue 39, ADR 0051): "Meine Daten exportieren" in the settings. */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Spec: a caller without a session gets 401 before any input is validated.
  app.addHook('onRequest', requireUser);

  app.get(
    '/api/v1/user/dataExport',
    {
      schema: {
        tags,
        summary: 'The newest export of the user’s data: pending, ready (with its download link), failed or expired',
        response: { 200: dataEnvelope(dataExportState), 401: errorBody },
      },
    },
    async (request) => ({ data: await stateOf(app.db, currentUser(request).userId) }),
  );

  app.post(
    '/api/v1/user/dataExport',
    {
      config: { rateLimit: REQUEST_RATE },
      schema: {
        tags,
        summary:
          'Request a ZIP of every personal record, transaction and document; a pending one is answered as it is; the inbox tells when it is ready',
        response: { 200: dataEnvelope(dataExportView), 401: errorBody, 429: errorBody },
      },
    },
    async (request) => ({ data: await requestDataExport({ db: app.db, outbox: app.outbox }, currentUser(request)) }),
  );

  app.get(
    DATA_EXPORT_DOWNLOAD_PATH,
    {
      schema: {
        tags,
        summary: 'Download the export (ZIP) with the signed link of the inbox; only for the investor it names, 7 days',
        querystring: dataExportDownloadQuery,
      },
    },
    async (request, reply) => {
      const file = await downloadDataExport(
        { db: app.db, storage: app.providers.documents },
        currentUser(request),
        request.query.token,
        { countDownload: request.method !== 'HEAD' },
      );
      return reply
        .type('application/zip')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.bytes);
    },
  );
};
