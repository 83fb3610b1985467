import {
  type AccountDeletionStatus,
  accountDeletions,
  agreementSignatures,
  bulletinOffers,
  type Db,
  ledgerAccounts,
  userMarketingData,
  userPreferences,
} from '@bw/db';
import { and, desc, eq, gt, inArray, like, sql } from 'drizzle-orm';

export type PreferencesPatch = Partial<Omit<typeof userPreferences.$inferInsert, 'userId' | 'updatedAt'>>;

/** One row per user, created on the first setting. */
export const upsertPreferences = async (db: Db, userId: string, patch: PreferencesPatch): Promise<void> => {
  await db
    .insert(userPreferences)
    .values({ userId, ...patch })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...patch, updatedAt: new Date() } });
};

export const findPreferences = async (db: Db, userId: string) =>
  (await db.select().from(userPreferences).where(eq(userPreferences.userId, userId)))[0] ?? null;

export const findMarketingData = async (db: Db, userId: string) =>
  (await db.select().from(userMarketingData).where(eq(userMarketingData.userId, userId)))[0] ?? null;

export const OPEN_DELETION_STATUSES: AccountDeletionStatus[] = ['requested', 'confirmed'];

export const findOpenDeletion = async (db: Db, userId: string) =>
  (
    await db
      .select()
      .from(accountDeletions)
      .where(and(eq(accountDeletions.userId, userId), inArray(accountDeletions.status, OPEN_DELETION_STATUSES)))
  )[0] ?? null;

export const signedAgreements = (db: Db, userId: string) =>
  db
    .select({
      id: agreementSignatures.id,
      documents: agreementSignatures.documents,
      signedAt: agreementSignatures.signedAt,
    })
    .from(agreementSignatures)
    .where(and(eq(agreementSignatures.userId, userId), eq(agreementSignatures.status, 'signed')))
    .orderBy(desc(agreementSignatures.signedAt));

/** The user's books with something left on them: cash, shares, and what is held for open purchases or offers. */
export const nonEmptyUserBooks = (db: Db, userId: string) =>
  db
    .select({ kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), like(ledgerAccounts.kind, 'user_%'), gt(ledgerAccounts.balance, 0n)));

export const countOpenOffers = async (db: Db, userId: string): Promise<number> => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bulletinOffers)
    .where(
      and(eq(bulletinOffers.firstPartyUserId, userId), inArray(bulletinOffers.status, ['new', 'open', 'accepted'])),
    );
  return row?.count ?? 0;
};
