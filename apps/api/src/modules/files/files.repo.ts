import type { FileRef } from '@bw/contracts';
import { type Db, uploadedFiles } from '@bw/db';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';

export type FileRow = typeof uploadedFiles.$inferSelect;
export type AttachedKind = NonNullable<FileRow['attachedKind']>;

export const toFileRef = (row: FileRow): FileRef => ({
  id: row.id,
  fileName: row.fileName,
  contentType: row.contentType as FileRef['contentType'],
  sizeBytes: row.sizeBytes,
});

export const insertFile = async (tx: Db, values: typeof uploadedFiles.$inferInsert): Promise<FileRow> => {
  const [row] = await tx.insert(uploadedFiles).values(values).returning();
  if (!row) throw new Error('uploaded file not stored');
  return row;
};

export const findFile = async (db: Db, fileId: string): Promise<FileRow | undefined> =>
  (await db.select().from(uploadedFiles).where(eq(uploadedFiles.id, fileId)))[0];

/** Files of the owner that are not attached yet, locked until the attaching transaction ends. */
export const lockFreeFilesOf = (tx: Db, ownerId: string, fileIds: string[]) =>
  tx
    .select()
    .from(uploadedFiles)
    .where(and(inArray(uploadedFiles.id, fileIds), eq(uploadedFiles.ownerId, ownerId)))
    .for('update');

export const markAttached = (tx: Db, fileIds: string[], kind: AttachedKind, targetId: string) =>
  tx
    .update(uploadedFiles)
    .set({ attachedKind: kind, attachedId: targetId })
    .where(and(inArray(uploadedFiles.id, fileIds), isNull(uploadedFiles.attachedKind)))
    .returning({ id: uploadedFiles.id });

/** The files attached to each of the targets, in upload order. */
export const filesAttachedTo = async (
  db: Db,
  kind: AttachedKind,
  targetIds: string[],
): Promise<Map<string, FileRef[]>> => {
  const byTarget = new Map<string, FileRef[]>();
  if (targetIds.length === 0) return byTarget;
  const rows = await db
    .select()
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.attachedKind, kind), inArray(uploadedFiles.attachedId, targetIds)))
    .orderBy(asc(uploadedFiles.createdAt), asc(uploadedFiles.id));
  for (const row of rows) {
    const key = row.attachedId ?? '';
    byTarget.set(key, [...(byTarget.get(key) ?? []), toFileRef(row)]);
  }
  return byTarget;
};
