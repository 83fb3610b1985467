import { type Db, providerNotifications } from '@bw/db';

/**
 * Records a provider's notification (issue 38: Mangopay hooks, Onfido webhooks, IDnow and Skribble
 * callbacks) once per (provider, event, resource); nothing in it is trusted, a job reads the named
 * resource from the provider. Answers the row's id, or null when the same notification came before.
 */
export const recordNotification = async (
  db: Db,
  input: { provider: string; eventType: string; resourceId: string },
): Promise<bigint | null> => {
  const [row] = await db
    .insert(providerNotifications)
    .values(input)
    .onConflictDoNothing()
    .returning({ id: providerNotifications.id });
  return row?.id ?? null;
};
