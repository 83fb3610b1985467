/**
 * The app's link, kept in IndexedDB: the Ed25519 private key as a non-extractable CryptoKey
 * (structured clone keeps it usable, but script cannot read its bytes), the public key, and the
 * device token the API knows this app by. The recovery secret is NOT kept: it lives only in the
 * recovery file the user saved at linking (ADR 0007).
 */
export type StoredLink = {
  privateKey: CryptoKey;
  publicKey: string;
  deviceToken: string;
  userId: string;
  securityAppId: string;
};

const DB_NAME = 'brickwise-security-app';
const STORE = 'link';
const KEY = 'current';

const open = (): Promise<IDBDatabase> =>
  new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const run = async <T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = action(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
};

export const loadLink = async (): Promise<StoredLink | null> =>
  ((await run('readonly', (store) => store.get(KEY))) as StoredLink | undefined) ?? null;
export const saveLink = async (link: StoredLink): Promise<void> => {
  await run('readwrite', (store) => store.put(link, KEY));
};
export const clearLink = async (): Promise<void> => {
  await run('readwrite', (store) => store.delete(KEY));
};

const toBase64Url = (bytes: ArrayBuffer): string =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A fresh Ed25519 key pair; the private half can sign but never be exported. */
export const generateKeyPair = async (): Promise<{ privateKey: CryptoKey; publicKey: string }> => {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair;
  return { privateKey: pair.privateKey, publicKey: toBase64Url(await crypto.subtle.exportKey('raw', pair.publicKey)) };
};

/** Signs the UTF-8 bytes of the canonical payload; base64url, as the API expects. */
export const signText = async (privateKey: CryptoKey, text: string): Promise<string> =>
  toBase64Url(await crypto.subtle.sign({ name: 'Ed25519' }, privateKey, new TextEncoder().encode(text)));
