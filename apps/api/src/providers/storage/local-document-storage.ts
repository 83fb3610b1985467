import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type DocumentStorage, newStorageKey } from './document-storage.js';

/** The embedded default: one folder per user under `rootDir` (DATA_DIR/identification-documents). */
export const createLocalDocumentStorage = (rootDir: string): DocumentStorage => ({
  save: async (userId, bytes) => {
    const stored = newStorageKey(userId, bytes);
    await mkdir(path.join(rootDir, userId), { recursive: true, mode: 0o700 });
    await writeFile(path.join(rootDir, stored.storageKey), bytes, { mode: 0o600 });
    return stored;
  },
  read: async (storageKey) => readFile(path.join(rootDir, assertStorageKey(storageKey))),
  remove: async (storageKey) => rm(path.join(rootDir, assertStorageKey(storageKey)), { force: true }),
});
