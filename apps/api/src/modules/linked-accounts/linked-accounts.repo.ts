import {
  accountCopies,
  type CopiedProfilePart,
  type Db,
  identityVerifications,
  knowledgeAndExperience,
  partners,
  personalInformation,
  users,
  userTaxIds,
} from '@bw/db';
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';

type UserRow = typeof users.$inferSelect;

/** The account a person registered: the origin of the copy `userId` is, else `userId` itself. */
export const originOf = async (db: Db, userId: string): Promise<string> =>
  (
    await db
      .select({ origin: accountCopies.originUserId })
      .from(accountCopies)
      .where(eq(accountCopies.copyUserId, userId))
      .limit(1)
  )[0]?.origin ?? userId;

/** The person's accounts at every partner (origin first, then the copies by age), with the partner's name. */
export const findLinkedAccounts = async (db: Db, userId: string) => {
  const origin = await originOf(db, userId);
  const copies = db
    .select({ id: accountCopies.copyUserId })
    .from(accountCopies)
    .where(eq(accountCopies.originUserId, origin));
  return db
    .select({ user: users, partnerName: partners.name })
    .from(users)
    .innerJoin(partners, eq(partners.partnerId, users.partnerId))
    .where(or(eq(users.id, origin), inArray(users.id, copies)))
    .orderBy(asc(users.createdAt), asc(users.id));
};

/** True when any account of the address exists at the partner (a copy, or a registration of its own). */
export const hasAccountAt = async (db: Db, email: string, partnerId: string): Promise<boolean> =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), eq(users.partnerId, partnerId)))
      .limit(1)
  ).length > 0;

/**
 * Copies the profile parts of ADR 0035 from `source` into the new account `copyId`, inside the
 * caller's transaction. Answers the parts that had data.
 */
export const copyProfileParts = async (tx: Db, source: UserRow, copyId: string): Promise<CopiedProfilePart[]> => {
  const parts: CopiedProfilePart[] = [];
  if (source.firstName || source.lastName) parts.push('name');
  if (source.phone) parts.push('phone');
  const [info] = await tx.select().from(personalInformation).where(eq(personalInformation.userId, source.id));
  if (info) {
    // The own bank account (iban) is left out: money paths are proven again per account (ADR 0035).
    const { userId: _user, iban: _iban, createdAt: _created, updatedAt: _updated, ...facts } = info;
    await tx.insert(personalInformation).values({ ...facts, userId: copyId });
    parts.push('personalInformation');
  }
  const taxIds = await tx.select().from(userTaxIds).where(eq(userTaxIds.userId, source.id));
  if (taxIds.length > 0) {
    await tx
      .insert(userTaxIds)
      .values(taxIds.map((row) => ({ userId: copyId, country: row.country, taxId: row.taxId })));
    parts.push('taxIds');
  }
  const [verification] = await tx
    .select()
    .from(identityVerifications)
    .where(and(eq(identityVerifications.userId, source.id), eq(identityVerifications.status, 'success')))
    .orderBy(desc(identityVerifications.createdAt))
    .limit(1);
  if (verification) {
    const { id, userId: _user, createdAt: _created, updatedAt: _updated, ...result } = verification;
    // The provider's case stays with the source; the copy's reference names the row it came from.
    await tx.insert(identityVerifications).values({ ...result, userId: copyId, providerRef: `copy:${id}` });
    parts.push('identification');
  }
  const [kae] = await tx.select().from(knowledgeAndExperience).where(eq(knowledgeAndExperience.userId, source.id));
  if (kae) {
    const { userId: _user, createdAt: _created, updatedAt: _updated, ...answers } = kae;
    await tx.insert(knowledgeAndExperience).values({ ...answers, userId: copyId });
    parts.push('knowledgeAndExperience');
  }
  return parts;
};

export const insertAccountCopy = async (tx: Db, values: typeof accountCopies.$inferInsert): Promise<void> => {
  await tx.insert(accountCopies).values(values);
};
