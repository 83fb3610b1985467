import {
  dataEnvelope,
  errorBody,
  featureFlags,
  frontendVersion,
  type PlatformFees,
  platformFees,
  socketConnection,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicUrl } from '../../config.js';
import { SOCKET_PATH } from '../../plugins/realtime.js';
import { resolvePartner } from '../partners/operations/resolve-partner.js';

/** Spec section 3, Platform info: "The default fee falls back to 0." */
export const DEFAULT_FEE_BPS = 0;

/** Spec section 7, Utilities: platform info (version, feature flags, fees) and the realtime connection. */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/utils/frontendVersion',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Platform'],
        summary: 'Current web/app version',
        response: { 200: dataEnvelope(frontendVersion) },
      },
    },
    async () => ({ data: { version: app.config.FRONTEND_VERSION } }),
  );

  app.get(
    '/api/v1/utils/featureFlags',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Platform'],
        summary: 'Feature flags of the partner named by x-partner-id (default partner otherwise)',
        response: { 200: dataEnvelope(featureFlags), 404: errorBody },
      },
    },
    async (request) => ({ data: (await resolvePartner(app.db, request)).featureFlags }),
  );

  app.get(
    '/api/v1/utils/fees',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Platform'],
        summary: 'Fees in basis points of the partner named by x-partner-id',
        response: { 200: dataEnvelope(platformFees), 404: errorBody },
      },
    },
    async (request) => {
      const partner = await resolvePartner(app.db, request);
      const fees: PlatformFees = {
        transactionFeeBps: partner.transactionFeeBps ?? DEFAULT_FEE_BPS,
        brokerageFeeBps: partner.brokerageFeeBps ?? DEFAULT_FEE_BPS,
        defaultFeeBps: DEFAULT_FEE_BPS,
      };
      return { data: fees };
    },
  );

  app.get(
    '/api/v1/user/socketConnection',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Realtime'],
        summary: 'What a client needs to open the realtime connection',
        response: { 200: dataEnvelope(socketConnection) },
      },
    },
    async () => ({
      data: { url: publicUrl(app.config), path: SOCKET_PATH, transports: ['websocket' as const, 'polling' as const] },
    }),
  );
};
