import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Identification files live outside the database, one folder per user under the data directory
 * (issue 5: "documents stored outside the database"). Names are generated uuids only, so nothing
 * a user sends ends up in a path.
 */
export type DocumentStorage = {
  save(userId: string, bytes: Buffer): Promise<{ storageKey: string; sha256: string }>;
  read(storageKey: string): Promise<Buffer>;
};

const UUID_PATTERN = /^[0-9a-f-]{36}$/;

export const createDocumentStorage = (rootDir: string): DocumentStorage => ({
  save: async (userId, bytes) => {
    if (!UUID_PATTERN.test(userId)) throw new Error('user id is not a uuid');
    const folder = path.join(rootDir, userId);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const storageKey = `${userId}/${randomUUID()}`;
    await writeFile(path.join(rootDir, storageKey), bytes, { mode: 0o600 });
    return { storageKey, sha256: createHash('sha256').update(bytes).digest('hex') };
  },
  read: (storageKey) => readFile(path.join(rootDir, storageKey)),
});
