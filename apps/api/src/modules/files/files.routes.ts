import { MAX_ATTACHMENT_BYTES } from '@bw/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { FilesDeps } from './operations/upload-file.js';
import { dataFileRoutes } from './routes/data-file.routes.js';
import { filesAdminRoutes } from './routes/files-admin.routes.js';

/** The document store STORAGE_PROVIDER chooses (local disk or S3, ADR 0036): one folder per owner, generated names only. */
export const filesDeps = (app: Parameters<FastifyPluginAsync>[0]): FilesDeps => ({
  db: app.db,
  storage: app.providers.documents,
});

/** Uploads and attachments (issue 23 and 24): `POST /api/v1/data/file`, downloads for users and staff. */
export const filesRoutes: FastifyPluginAsync = async (app) => {
  const deps = filesDeps(app);
  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 2, parts: 3 } });
    await scoped.register(dataFileRoutes(deps));
  });
  await app.register(filesAdminRoutes(deps));
};
