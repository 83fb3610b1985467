/**
 * Spec section 9: "Local state is persisted encrypted and namespaced by the app id."
 *
 * Every value is sealed with AES-GCM (WebCrypto). The key is derived per app id with HKDF from a
 * random per-device secret, so two partner builds on one origin neither read nor overwrite each
 * other's state, and a tampered value fails authentication and reads as empty. It keeps casual
 * readers of localStorage out; it is no protection against code running inside the page.
 */

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
export type CryptoLike = Pick<Crypto, 'getRandomValues'> & { readonly subtle: SubtleCrypto };

export type EncryptedStorage = {
  readonly getItem: (name: string) => Promise<string | null>;
  readonly setItem: (name: string, value: string) => Promise<void>;
  readonly removeItem: (name: string) => Promise<void>;
};

const IV_BYTES = 12;
const SECRET_BYTES = 32;
const KEY_INFO = 'brickwise-local-state-v1';

/** Bytes per String.fromCharCode call: far below any engine's argument limit. */
const BASE64_CHUNK = 0x2000;

/** Chunked: one string concatenation per byte cost a phone milliseconds per write of the asset cache. */
const toBase64 = (bytes: Uint8Array): string => {
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += BASE64_CHUNK) {
    parts.push(String.fromCharCode(...bytes.subarray(start, start + BASE64_CHUNK)));
  }
  return btoa(parts.join(''));
};
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
};

export const storageKey = (namespace: string, name: string): string => `bw:${namespace}:${name}`;

const deviceSecret = (storage: KeyValueStorage, crypto: CryptoLike, namespace: string): Uint8Array<ArrayBuffer> => {
  const key = storageKey(namespace, 'device-secret');
  const stored = storage.getItem(key);
  if (stored) {
    try {
      const bytes = fromBase64(stored);
      if (bytes.length === SECRET_BYTES) return bytes;
    } catch {
      // Corrupt secret: make a new one below (old values then read as empty).
    }
  }
  const fresh = crypto.getRandomValues(new Uint8Array(SECRET_BYTES));
  storage.setItem(key, toBase64(fresh));
  return fresh;
};

export const deriveKey = async (
  crypto: CryptoLike,
  secret: Uint8Array<ArrayBuffer>,
  appId: string,
): Promise<CryptoKey> => {
  const material = await crypto.subtle.importKey('raw', secret, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new TextEncoder().encode(appId), info: new TextEncoder().encode(KEY_INFO) },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
};

/** When a batched write runs; the default waits for an idle main thread (lib/after-start.ts). */
export type WriteScheduler = (write: () => void) => void;

/** A value waiting to be sealed and written; later values for the same name replace it. */
type PendingWrite = { value: string | null; started: boolean; readonly done: Promise<void> };

/**
 * `setItem` batches: every value set before the write starts joins one write of the latest value,
 * and a value equal to the stored one is not written again. The shell store persists its whole
 * state on every change, and a start changes it a dozen times; sealing it each time cost a phone
 * tens of milliseconds of main thread (issue 6). Reads see pending values at once.
 */
export const createEncryptedStorage = (
  storage: KeyValueStorage,
  crypto: CryptoLike,
  appId: string,
  schedule: WriteScheduler = (write) => setTimeout(write, 0),
): EncryptedStorage => {
  let keyPromise: Promise<CryptoKey> | null = null;
  const key = () => {
    keyPromise ??= deriveKey(crypto, deviceSecret(storage, crypto, appId), appId);
    return keyPromise;
  };
  /** What the storage holds per name, as plain text, once read or written here. */
  const stored = new Map<string, string | null>();
  const pending = new Map<string, PendingWrite>();

  const seal = async (name: string, value: string | null): Promise<void> => {
    if (value === null) {
      storage.removeItem(storageKey(appId, name));
      stored.set(name, null);
      return;
    }
    const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
    const cipher = new Uint8Array(
      await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await key(), new TextEncoder().encode(value)),
    );
    const sealed = new Uint8Array(IV_BYTES + cipher.length);
    sealed.set(iv, 0);
    sealed.set(cipher, IV_BYTES);
    storage.setItem(storageKey(appId, name), toBase64(sealed));
    stored.set(name, value);
  };

  const enqueue = (name: string, value: string | null): Promise<void> => {
    const waiting = pending.get(name);
    if (waiting && !waiting.started) {
      waiting.value = value;
      return waiting.done;
    }
    if (!waiting && stored.has(name) && stored.get(name) === value) return Promise.resolve();
    const before = waiting?.done ?? Promise.resolve();
    const write: PendingWrite = {
      value,
      started: false,
      done: before
        .then(() => new Promise<void>((resolve) => schedule(resolve)))
        .then(() => {
          write.started = true;
          return stored.has(name) && stored.get(name) === write.value ? undefined : seal(name, write.value);
        })
        .finally(() => {
          if (pending.get(name) === write) pending.delete(name);
        }),
    };
    pending.set(name, write);
    return write.done;
  };

  const read = async (name: string): Promise<string | null> => {
    const sealed = storage.getItem(storageKey(appId, name));
    if (!sealed) return null;
    try {
      const bytes = fromBase64(sealed);
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES) },
        await key(),
        bytes.slice(IV_BYTES),
      );
      return new TextDecoder().decode(plain);
    } catch {
      // Tampered, truncated or sealed with another key: treat as nothing stored.
      return null;
    }
  };

  return {
    getItem: async (name) => {
      const waiting = pending.get(name);
      if (waiting) return waiting.value;
      const value = await read(name);
      if (!pending.has(name)) stored.set(name, value);
      return value;
    },
    setItem: (name, value) => enqueue(name, value),
    removeItem: (name) => enqueue(name, null),
  };
};
