import { type Db, providerObjects } from '@bw/db';
import { and, eq } from 'drizzle-orm';

/**
 * The provider objects an adapter created for ours (table `provider_objects`, issue 38): found
 * again instead of created twice, whatever the provider's own idempotency window is.
 */
export type ProviderObjectStore = {
  find(kind: string, ourRef: string): Promise<{ providerId: string; data: Record<string, unknown> } | null>;
  findByProviderId(kind: string, providerId: string): Promise<{ ourRef: string; data: Record<string, unknown> } | null>;
  /** Keeps the first row of a reference: a concurrent second create finds the first one's object. */
  remember(
    kind: string,
    ourRef: string,
    providerId: string,
    data?: Record<string, unknown>,
  ): Promise<{ providerId: string; data: Record<string, unknown> }>;
};

export const createProviderObjectStore = (db: Db, provider: string): ProviderObjectStore => {
  const find: ProviderObjectStore['find'] = async (kind, ourRef) => {
    const [row] = await db
      .select({ providerId: providerObjects.providerId, data: providerObjects.data })
      .from(providerObjects)
      .where(
        and(eq(providerObjects.provider, provider), eq(providerObjects.kind, kind), eq(providerObjects.ourRef, ourRef)),
      );
    return row ?? null;
  };
  return {
    find,
    findByProviderId: async (kind, providerId) => {
      const [row] = await db
        .select({ ourRef: providerObjects.ourRef, data: providerObjects.data })
        .from(providerObjects)
        .where(
          and(
            eq(providerObjects.provider, provider),
            eq(providerObjects.kind, kind),
            eq(providerObjects.providerId, providerId),
          ),
        );
      return row ?? null;
    },
    remember: async (kind, ourRef, providerId, data = {}) => {
      await db.insert(providerObjects).values({ provider, kind, ourRef, providerId, data }).onConflictDoNothing();
      const row = await find(kind, ourRef);
      if (!row) throw new Error(`${provider} ${kind} ${ourRef} not recorded`);
      return row;
    },
  };
};
