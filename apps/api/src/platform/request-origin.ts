import type { FastifyRequest } from 'fastify';
import type { RequestOrigin } from './audit.js';

export const originOf = (request: FastifyRequest): RequestOrigin & { ipAddress: string } => {
  const agent = request.headers['user-agent'];
  return { ipAddress: request.ip, userAgent: typeof agent === 'string' ? agent : null, requestId: request.id };
};
