import {
  agreementSignatures,
  type Db,
  identityDocuments,
  identityVerifications,
  idvWebhookEvents,
  users,
} from '@bw/db';
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';

export type VerificationRow = typeof identityVerifications.$inferSelect;
export type VerificationChange = Partial<Omit<typeof identityVerifications.$inferInsert, 'id' | 'userId'>>;
export type DocumentRow = typeof identityDocuments.$inferSelect;
export type SignatureRow = typeof agreementSignatures.$inferSelect;
export type SignatureChange = Partial<Omit<typeof agreementSignatures.$inferInsert, 'id' | 'userId'>>;
type UserStatus = (typeof users.$inferSelect)['status'];

const CLOSED_SIGNATURE_STATUSES: SignatureRow['status'][] = ['signed', 'rejected', 'error'];

/** The user's current identification: the newest attempt. */
/** The advisory-lock scope of a user's identification steps (lib/advisory-lock.ts). */
export const IDENTIFICATION_LOCK_SCOPE = 'identification';

export const findCurrentVerification = async (
  db: Db,
  userId: string,
  forUpdate = false,
): Promise<VerificationRow | undefined> => {
  const query = db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.userId, userId))
    .orderBy(desc(identityVerifications.createdAt), desc(identityVerifications.id))
    .limit(1);
  return (forUpdate ? await query.for('update') : await query)[0];
};

export const findVerificationByProviderRef = async (
  db: Db,
  providerRef: string,
): Promise<VerificationRow | undefined> =>
  (
    await db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.providerRef, providerRef))
      .limit(1)
      .for('update')
  )[0];

export const hasFraudVerdict = async (db: Db, userId: string): Promise<boolean> =>
  (
    await db
      .select({ id: identityVerifications.id })
      .from(identityVerifications)
      .where(and(eq(identityVerifications.userId, userId), eq(identityVerifications.identityCheck, 'fraud')))
      .limit(1)
  ).length > 0;

export const insertVerification = async (
  db: Db,
  values: typeof identityVerifications.$inferInsert,
): Promise<VerificationRow> => {
  const [row] = await db.insert(identityVerifications).values(values).returning();
  if (!row) throw new Error('verification not inserted');
  return row;
};

export const updateVerification = async (db: Db, id: string, change: VerificationChange): Promise<void> => {
  await db
    .update(identityVerifications)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(identityVerifications.id, id));
};

export const insertDocument = async (db: Db, values: typeof identityDocuments.$inferInsert): Promise<DocumentRow> => {
  const [row] = await db.insert(identityDocuments).values(values).returning();
  if (!row) throw new Error('document not inserted');
  return row;
};

export const listVerificationDocuments = (db: Db, verificationId: string): Promise<DocumentRow[]> =>
  db
    .select()
    .from(identityDocuments)
    .where(eq(identityDocuments.verificationId, verificationId))
    .orderBy(identityDocuments.createdAt);

/** Only the owner's own document: another user's id answers nothing (404). */
export const findOwnDocument = async (db: Db, userId: string, documentId: string): Promise<DocumentRow | undefined> =>
  (
    await db
      .select()
      .from(identityDocuments)
      .where(and(eq(identityDocuments.id, documentId), eq(identityDocuments.userId, userId)))
      .limit(1)
  )[0];

export const findCurrentSignature = async (
  db: Db,
  userId: string,
  forUpdate = false,
): Promise<SignatureRow | undefined> => {
  const query = db
    .select()
    .from(agreementSignatures)
    .where(eq(agreementSignatures.userId, userId))
    .orderBy(desc(agreementSignatures.createdAt))
    .limit(1);
  return (forUpdate ? await query.for('update') : await query)[0];
};

export const findOpenSignature = async (db: Db, userId: string): Promise<SignatureRow | undefined> =>
  (
    await db
      .select()
      .from(agreementSignatures)
      .where(
        and(eq(agreementSignatures.userId, userId), notInArray(agreementSignatures.status, CLOSED_SIGNATURE_STATUSES)),
      )
      .limit(1)
      .for('update')
  )[0];

export const findSignatureById = async (db: Db, id: string): Promise<SignatureRow | undefined> =>
  (await db.select().from(agreementSignatures).where(eq(agreementSignatures.id, id)).limit(1).for('update'))[0];

export const insertSignature = async (
  db: Db,
  values: typeof agreementSignatures.$inferInsert,
): Promise<SignatureRow> => {
  const [row] = await db.insert(agreementSignatures).values(values).returning();
  if (!row) throw new Error('signature not inserted');
  return row;
};

export const updateSignature = async (db: Db, id: string, change: SignatureChange): Promise<void> => {
  await db
    .update(agreementSignatures)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(agreementSignatures.id, id));
};

/** Records a webhook event id; false when it was applied before (a replay). */
export const recordWebhookEvent = async (db: Db, eventId: string, type: string): Promise<boolean> =>
  (
    await db
      .insert(idvWebhookEvents)
      .values({ eventId, type })
      .onConflictDoNothing()
      .returning({ eventId: idvWebhookEvents.eventId })
  ).length > 0;

/** Moves the user's status, but only from one of `from` (never downgrades an active account). */
export const setUserStatus = async (db: Db, userId: string, to: UserStatus, from: UserStatus[]): Promise<void> => {
  await db
    .update(users)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(users.id, userId), inArray(users.status, from)));
};
