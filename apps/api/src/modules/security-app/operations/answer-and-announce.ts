import { type SigningRequestView, securityAppUpdateReasons } from '@bw/contracts';
import type { FastifyInstance } from 'fastify';
import type { SecurityAppCaller } from '../security-app-caller.js';
import { approveSigningRequest, rejectSigningRequest } from './answer-signing-request.js';

/**
 * `POST .../signingRequests/{id}/signature`: approve, and tell the user's clients in any case: a
 * refused approval can still have changed the request (an expired one is marked expired).
 */
export const approveAndAnnounce = async (
  app: FastifyInstance,
  caller: SecurityAppCaller,
  requestId: string,
  signature: string,
): Promise<SigningRequestView> => {
  try {
    return await approveSigningRequest(app.db, app.settlements, caller, requestId, signature);
  } finally {
    app.bus.publishUserUpdate(caller.email, securityAppUpdateReasons.signingRequest);
  }
};

/** `POST .../signingRequests/{id}/reject`: reject a pending request and tell the user's clients. */
export const rejectAndAnnounce = async (
  app: FastifyInstance,
  caller: SecurityAppCaller,
  requestId: string,
): Promise<SigningRequestView> => {
  const data = await rejectSigningRequest(app.db, app.settlements, caller, requestId);
  app.bus.publishUserUpdate(caller.email, securityAppUpdateReasons.signingRequest);
  return data;
};
