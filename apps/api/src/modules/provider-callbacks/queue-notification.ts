import type { FastifyInstance } from 'fastify';
import { recordNotification } from '../../providers/provider-notifications.js';

export type ProviderNotification = { provider: string; eventType: string; resourceId: string };

/**
 * A provider's notification, recorded once and handed to the job `topic` in one transaction
 * (issue 38): the caller answers at once, the job reads the named resource from the provider.
 * Answers false when the same notification came before.
 */
export const queueProviderNotification = (
  app: FastifyInstance,
  topic: string,
  input: ProviderNotification,
): Promise<boolean> =>
  app.db.transaction(async (tx) => {
    const id = await recordNotification(tx, input);
    if (id !== null) await app.outbox.enqueue(tx, topic, `${input.provider}-notification:${id}`, input);
    return id !== null;
  });
