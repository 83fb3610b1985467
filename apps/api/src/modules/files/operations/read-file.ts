import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { assetOfOption, findMessage } from '../../forum/forum.repo.js';
import { requireForumReader } from '../../forum/operations/forum-access.js';
import { type FileRow, findFile } from '../files.repo.js';
import type { FilesDeps } from './upload-file.js';

export type FileDownload = { fileName: string; contentType: string; bytes: Buffer };

/** The asset whose forum shows the file, or null when the file is not shown in a forum. */
const forumAssetOf = async (deps: FilesDeps, file: FileRow): Promise<string | null> => {
  if (file.attachedKind === 'forumMessage' && file.attachedId) {
    const message = await findMessage(deps.db, file.attachedId);
    return message && message.hiddenAt === null ? message.assetId : null;
  }
  if (file.attachedKind === 'votingOption' && file.attachedId) {
    return (await assetOfOption(deps.db, file.attachedId)) ?? null;
  }
  return null;
};

const load = async (deps: FilesDeps, file: FileRow): Promise<FileDownload> => {
  const bytes = await deps.storage.read(file.storageKey).catch(() => {
    throw new AppError('FILE_NOT_FOUND');
  });
  return { fileName: file.fileName, contentType: file.contentType, bytes };
};

/**
 * `GET /api/v1/data/file/{fileId}`: the owner reads an own file; a file attached to a forum message
 * or a voting option is read by whoever may read that forum (verified investors, spec section 6).
 * Anything else, a support request's file included, reads as not found.
 */
export const readFileForUser = async (deps: FilesDeps, user: SessionUser, fileId: string): Promise<FileDownload> => {
  const file = await findFile(deps.db, fileId);
  if (!file) throw new AppError('FILE_NOT_FOUND');
  if (file.ownerId !== user.userId) {
    const assetId = await forumAssetOf(deps, file);
    if (!assetId) throw new AppError('FILE_NOT_FOUND');
    await requireForumReader(deps.db, user, assetId);
  }
  return load(deps, file);
};

/** Back office: staff read files attached to a support request, forum message or voting option. */
export const readAttachedFileForStaff = async (deps: FilesDeps, fileId: string): Promise<FileDownload> => {
  const file = await findFile(deps.db, fileId);
  if (!file?.attachedKind) throw new AppError('FILE_NOT_FOUND');
  return load(deps, file);
};
