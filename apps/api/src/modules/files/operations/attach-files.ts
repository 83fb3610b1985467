import type { FileRef } from '@bw/contracts';
import type { Db } from '@bw/db';
import { AppError } from '../../../lib/app-error.js';
import { type AttachedKind, lockFreeFilesOf, markAttached, toFileRef } from '../files.repo.js';

/**
 * Inside the transaction that creates the support request, forum message or voting option: the
 * caller's own files become its attachments. Another user's file and an unknown id read alike
 * (404, nothing is revealed); a file already attached elsewhere is 409. Each file is attached once.
 */
export const attachOwnFiles = async (
  tx: Db,
  ownerId: string,
  fileIds: readonly string[],
  target: { kind: AttachedKind; id: string },
): Promise<FileRef[]> => {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return [];
  const rows = await lockFreeFilesOf(tx, ownerId, ids);
  if (rows.length !== ids.length) throw new AppError('FILE_NOT_FOUND');
  if (rows.some((row) => row.attachedKind !== null)) throw new AppError('FILE_ALREADY_ATTACHED');
  const marked = await markAttached(tx, ids, target.kind, target.id);
  if (marked.length !== ids.length) throw new AppError('FILE_ALREADY_ATTACHED');
  const order = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)).map(toFileRef);
};
