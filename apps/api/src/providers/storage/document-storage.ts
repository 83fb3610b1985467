import { createHash, randomUUID } from 'node:crypto';

/**
 * The store of identification files (issue 5: "documents stored outside the database") behind an
 * interface (issue 19): the local disk under the data directory by default, S3-compatible object
 * storage by setting (STORAGE_PROVIDER=s3, ADR 0036). A key is `<user id>/<uuid>` in every adapter,
 * so nothing a user sends ends up in a path or an object name, and the keys in the database stay
 * valid when the files move from disk to a bucket.
 */
export type DocumentStorage = {
  save(userId: string, bytes: Buffer): Promise<{ storageKey: string; sha256: string }>;
  /** The stored bytes; rejects when the key names nothing. */
  read(storageKey: string): Promise<Buffer>;
  /** Removes the stored bytes; a key that names nothing any more is no error (a retried removal). */
  remove(storageKey: string): Promise<void>;
};

const UUID_PATTERN = /^[0-9a-f-]{36}$/;
const KEY_PATTERN = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;

/** A fresh key for a user's new file, and the checksum the database keeps beside it. */
export const newStorageKey = (userId: string, bytes: Buffer): { storageKey: string; sha256: string } => {
  if (!UUID_PATTERN.test(userId)) throw new Error('user id is not a uuid');
  return { storageKey: `${userId}/${randomUUID()}`, sha256: createHash('sha256').update(bytes).digest('hex') };
};

/** Only keys this module made are read: a key is never a path outside the store. */
export const assertStorageKey = (storageKey: string): string => {
  if (!KEY_PATTERN.test(storageKey)) throw new Error('not a document storage key');
  return storageKey;
};
