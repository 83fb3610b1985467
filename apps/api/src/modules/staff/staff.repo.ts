import { type Db, staffInvitations, staffMembers, staffSessions } from '@bw/db';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';

export type StaffRow = typeof staffMembers.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;

export const findStaffById = async (db: Db, id: string): Promise<StaffRow | undefined> => {
  const [row] = await db.select().from(staffMembers).where(eq(staffMembers.id, id)).limit(1);
  return row;
};

export const findStaffByEmail = async (db: Db, email: string): Promise<StaffRow | undefined> => {
  const [row] = await db.select().from(staffMembers).where(eq(staffMembers.email, email)).limit(1);
  return row;
};

export const lockStaff = async (db: Db, id: string): Promise<StaffRow | undefined> => {
  const [row] = await db.select().from(staffMembers).where(eq(staffMembers.id, id)).for('update');
  return row;
};

export const listStaff = (db: Db): Promise<StaffRow[]> =>
  db.select().from(staffMembers).orderBy(asc(staffMembers.displayName));

export const insertStaff = async (db: Db, values: typeof staffMembers.$inferInsert): Promise<StaffRow | undefined> => {
  const [row] = await db.insert(staffMembers).values(values).onConflictDoNothing().returning();
  return row;
};

export const updateStaff = async (
  db: Db,
  id: string,
  values: Partial<typeof staffMembers.$inferInsert>,
): Promise<StaffRow> => {
  const [row] = await db
    .update(staffMembers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(staffMembers.id, id))
    .returning();
  if (!row) throw new Error(`staff member ${id} vanished`);
  return row;
};

/** A new invitation retires the older open ones of the same person. */
export const replaceInvitation = async (
  db: Db,
  values: { staffId: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> => {
  await db
    .update(staffInvitations)
    .set({ usedAt: values.now })
    .where(and(eq(staffInvitations.staffId, values.staffId), isNull(staffInvitations.usedAt)));
  await db
    .insert(staffInvitations)
    .values({ staffId: values.staffId, tokenHash: values.tokenHash, expiresAt: values.expiresAt });
};

export const findOpenInvitation = async (
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ invitationId: string; staff: StaffRow } | undefined> => {
  const [row] = await db
    .select({ invitationId: staffInvitations.id, staff: staffMembers })
    .from(staffInvitations)
    .innerJoin(staffMembers, eq(staffMembers.id, staffInvitations.staffId))
    .where(
      and(
        eq(staffInvitations.tokenHash, tokenHash),
        isNull(staffInvitations.usedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
};

/** Uses an invitation once: false when another request used it first. */
export const useInvitation = async (db: Db, invitationId: string, now: Date): Promise<boolean> => {
  const used = await db
    .update(staffInvitations)
    .set({ usedAt: now })
    .where(and(eq(staffInvitations.id, invitationId), isNull(staffInvitations.usedAt)))
    .returning({ id: staffInvitations.id });
  return used.length === 1;
};

export const insertStaffSession = async (db: Db, values: typeof staffSessions.$inferInsert): Promise<void> => {
  await db.insert(staffSessions).values(values);
};

export const findStaffSession = async (
  db: Db,
  tokenHash: string,
): Promise<{ session: StaffSessionRow; staff: StaffRow } | undefined> => {
  const [row] = await db
    .select({ session: staffSessions, staff: staffMembers })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, tokenHash))
    .limit(1);
  return row;
};

export const touchStaffSession = async (db: Db, tokenHash: string, now: Date): Promise<void> => {
  await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.tokenHash, tokenHash));
};

export const deleteStaffSession = async (db: Db, tokenHash: string): Promise<void> => {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
};

export const deleteStaffSessions = async (db: Db, staffId: string): Promise<void> => {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
};
