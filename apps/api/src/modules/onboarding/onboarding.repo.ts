import {
  type Db,
  paymentAccounts,
  personalInformation,
  securityApps,
  termsAcceptances,
  transactions,
  users,
  userTaxIds,
} from '@bw/db';
import { and, eq, ne, sql } from 'drizzle-orm';

export type PersonalInformationRow = typeof personalInformation.$inferSelect;
export type PersonalInformationChange = Partial<Omit<typeof personalInformation.$inferInsert, 'userId' | 'createdAt'>>;
export type TaxIdRow = typeof userTaxIds.$inferSelect;

/** Serialises saving one phone number until the end of the transaction. */
export const lockPhoneNumber = async (tx: Db, phone: string): Promise<void> => {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`phone:${phone}`}))`);
};

/**
 * True when another person's account already holds this (E.164) phone number. The same person's
 * accounts at other partners (same address, made by copy-me, ADR 0035) share the number.
 */
export const isPhoneUsedByAnotherUser = async (db: Db, phone: string, userId: string): Promise<boolean> =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.phone, phone),
          ne(users.id, userId),
          sql`${users.email} <> (SELECT u.email FROM users u WHERE u.id = ${userId})`,
        ),
      )
      .limit(1)
  ).length > 0;

export const findPersonalInformation = async (db: Db, userId: string): Promise<PersonalInformationRow | undefined> =>
  (await db.select().from(personalInformation).where(eq(personalInformation.userId, userId)).limit(1))[0];

/** The user's row, locked until the transaction ends, for a change that compares with what was. */
export const lockPersonalInformation = async (tx: Db, userId: string): Promise<PersonalInformationRow | undefined> =>
  (await tx.select().from(personalInformation).where(eq(personalInformation.userId, userId)).for('update'))[0];

/** Creates the user's row on the first step, then changes only the given columns. */
export const upsertPersonalInformation = async (
  db: Db,
  userId: string,
  change: PersonalInformationChange,
): Promise<void> => {
  const values = { ...change, updatedAt: new Date() };
  await db
    .insert(personalInformation)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: personalInformation.userId, set: values });
};

export const listTaxIds = (db: Db, userId: string): Promise<TaxIdRow[]> =>
  db.select().from(userTaxIds).where(eq(userTaxIds.userId, userId)).orderBy(userTaxIds.country);

export const upsertTaxId = async (db: Db, userId: string, country: string, taxId: string): Promise<void> => {
  await db
    .insert(userTaxIds)
    .values({ userId, country, taxId })
    .onConflictDoUpdate({ target: [userTaxIds.userId, userTaxIds.country], set: { taxId, updatedAt: new Date() } });
};

/** The facts `registrationProcessStatus` needs from other modules' tables, in one round trip. */
export const findOnboardingFacts = async (
  db: Db,
  userId: string,
): Promise<{ hasPaymentAccount: boolean; hasActiveSecurityApp: boolean; hasPayIn: boolean }> => {
  const [row] = await db
    .select({
      hasPaymentAccount: sql<boolean>`exists (select 1 from ${paymentAccounts} where ${paymentAccounts.userId} = ${userId})`,
      hasActiveSecurityApp: sql<boolean>`exists (select 1 from ${securityApps} where ${securityApps.userId} = ${userId} and ${securityApps.status} = 'active')`,
      hasPayIn: sql<boolean>`exists (select 1 from ${transactions} where ${transactions.userId} = ${userId} and ${transactions.type} = 'charge' and ${transactions.status} = 'success')`,
    })
    .from(sql`(select 1) as one`);
  return {
    hasPaymentAccount: row?.hasPaymentAccount === true,
    hasActiveSecurityApp: row?.hasActiveSecurityApp === true,
    hasPayIn: row?.hasPayIn === true,
  };
};

export type TermsAcceptanceRow = typeof termsAcceptances.$inferSelect;
export type TermsAcceptanceChange = Partial<Omit<typeof termsAcceptances.$inferInsert, 'userId' | 'createdAt'>>;

export const findTermsAcceptance = async (db: Db, userId: string): Promise<TermsAcceptanceRow | undefined> =>
  (await db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, userId)).limit(1))[0];

/** Sets the given acceptance timestamps; earlier acceptances of other documents stay. */
export const upsertTermsAcceptance = async (db: Db, userId: string, change: TermsAcceptanceChange): Promise<void> => {
  const values = { ...change, updatedAt: new Date() };
  await db
    .insert(termsAcceptances)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: termsAcceptances.userId, set: values });
};
