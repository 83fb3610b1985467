import { type devSigningRequestBody, type SigningRequestView, securityAppUpdateReasons } from '@bw/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../../plugins/session-user.js';
import { createSigningRequest } from '../../security-app/signing-requests.js';

const DEV_REQUEST_DEFAULT_SECONDS = 10 * 60;

type DevSigningRequestBody = z.infer<typeof devSigningRequestBody>;

/**
 * A `test` signing request for the logged-in user, so linking and signing can be tried, and
 * tested, without a trade.
 */
export const createTestSigningRequest = async (
  app: FastifyInstance,
  user: SessionUser,
  body: DevSigningRequestBody,
): Promise<SigningRequestView> => {
  const data = await app.db.transaction((tx) =>
    createSigningRequest(tx, {
      userId: user.userId,
      kind: 'test',
      payload: body.details ?? {
        assetName: 'Test-Objekt',
        sharesCount: '1',
        priceCents: '10000',
        amountCents: '10000',
        feeCents: '0',
        description: 'Test-Signatur aus der Entwicklungsumgebung',
      },
      expiresInSeconds: body.expiresInSeconds ?? DEV_REQUEST_DEFAULT_SECONDS,
    }),
  );
  app.bus.publishUserUpdate(user.email, securityAppUpdateReasons.signingRequest);
  return data;
};
