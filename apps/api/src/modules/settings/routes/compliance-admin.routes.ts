import { complianceLogEntry, dataEnvelope, errorBody, uuidParams } from '@bw/contracts';
import { complianceLogs } from '@bw/db';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** At most this many entries per page of the back office (newest first). */
const COMPLIANCE_LOG_LIMIT = 200;

/** Issue 20: the operator sees an investor's compliance log (staff guard from the permission table). */
export const complianceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/api/v1/investors/:id/complianceLogs',
    {
      schema: {
        tags: ['Back office: investors'],
        summary: "The investor's compliance log (action, device data, time, address), newest first",
        params: uuidParams,
        response: { 200: dataEnvelope(z.array(complianceLogEntry)), 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const rows = await app.db
        .select()
        .from(complianceLogs)
        .where(eq(complianceLogs.userId, request.params.id))
        .orderBy(desc(complianceLogs.createdAt))
        .limit(COMPLIANCE_LOG_LIMIT);
      return {
        data: rows.map((row) => ({
          id: row.id,
          action: row.action,
          deviceMetaData: row.deviceMetaData,
          clientTimestamp: row.clientTimestamp.toISOString(),
          ipAddress: row.ipAddress,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
};
