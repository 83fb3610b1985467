import type { FastifyPluginAsync } from 'fastify';
import { complianceAdminRoutes } from './routes/compliance-admin.routes.js';
import { dataExportRoutes } from './routes/data-export.routes.js';
import { deviceRoutes } from './routes/device.routes.js';
import { imprintRoutes } from './routes/imprint.routes.js';
import { settingsRoutes } from './routes/settings.routes.js';

/** Issue 20: settings, documents, account deletion and the device and log calls of spec section 7; issue 39: the data export. */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  await app.register(settingsRoutes);
  await app.register(dataExportRoutes);
  await app.register(deviceRoutes);
  await app.register(imprintRoutes);
  await app.register(complianceAdminRoutes);
};
