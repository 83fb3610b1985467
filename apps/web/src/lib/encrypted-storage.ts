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

const toBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
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

export const createEncryptedStorage = (
  storage: KeyValueStorage,
  crypto: CryptoLike,
  appId: string,
): EncryptedStorage => {
  let keyPromise: Promise<CryptoKey> | null = null;
  const key = () => {
    keyPromise ??= deriveKey(crypto, deviceSecret(storage, crypto, appId), appId);
    return keyPromise;
  };
  return {
    getItem: async (name) => {
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
    },
    setItem: async (name, value) => {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const cipher = new Uint8Array(
        await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await key(), new TextEncoder().encode(value)),
      );
      const sealed = new Uint8Array(IV_BYTES + cipher.length);
      sealed.set(iv, 0);
      sealed.set(cipher, IV_BYTES);
      storage.setItem(storageKey(appId, name), toBase64(sealed));
    },
    removeItem: async (name) => {
      storage.removeItem(storageKey(appId, name));
    },
  };
};
