import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';

/** How long a browser has to answer a ceremony (WebAuthn's own timeout is the same). */
export const CEREMONY_TTL_MS = 5 * 60_000;
export const CEREMONY_TIMEOUT_MS = CEREMONY_TTL_MS;

/**
 * The relying party of a ceremony: the page's origin when the API trusts it (plugins/trusted-origins.ts),
 * its host name the RP ID. A passkey is bound to the host it was made on, so each
 * partner's domain has its own passkeys, as it has its own session cookie.
 */
export const relyingParty = async (request: FastifyRequest): Promise<{ origin: string; rpID: string }> => {
  const header = request.headers.origin;
  const origin = typeof header === 'string' ? header : '';
  if (!origin || !(await request.server.trustedOrigins.isTrusted(origin))) throw new AppError('PASSKEY_INVALID');
  return { origin, rpID: new URL(origin).hostname };
};
