import type { IdvEvent } from '@bw/contracts';
import type { FastifyInstance } from 'fastify';
import { findUserById } from '../../users/users.repo.js';
import { REALTIME_REASON } from '../identification-context.js';
import { type Applied, applyIdvEvent } from './apply-idv-event.js';

/** A provider's verified verdict: applied once, then announced to the user's open clients. */
export const receiveIdvEvent = async (app: FastifyInstance, event: IdvEvent): Promise<Pick<Applied, 'outcome'>> => {
  const result = await applyIdvEvent(app, event);
  const user = result.notifyUserId ? await findUserById(app.db, result.notifyUserId) : undefined;
  if (user) app.bus.publishUserUpdate(user.email, REALTIME_REASON);
  return { outcome: result.outcome };
};
