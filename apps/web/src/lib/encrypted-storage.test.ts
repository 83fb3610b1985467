import { describe, expect, it } from 'vitest';
import { type CryptoLike, createEncryptedStorage, type KeyValueStorage, storageKey } from './encrypted-storage';

const memoryStorage = (): KeyValueStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
};
const crypto: CryptoLike = globalThis.crypto;

describe('encrypted local state (spec section 9)', () => {
  it('round-trips a value and never stores it in clear text', async () => {
    const storage = memoryStorage();
    const state = createEncryptedStorage(storage, crypto, 'staging');
    await state.setItem('shell', '{"email":"anna@example.at"}');
    expect(await state.getItem('shell')).toBe('{"email":"anna@example.at"}');
    const sealed = storage.data.get(storageKey('staging', 'shell')) ?? '';
    expect(sealed).not.toContain('anna');
    expect(atob(sealed)).not.toContain('anna');
  });

  it('namespaces by app id: another app id neither sees nor decrypts the value', async () => {
    const storage = memoryStorage();
    await createEncryptedStorage(storage, crypto, 'demo').setItem('shell', 'demo-state');
    const other = createEncryptedStorage(storage, crypto, 'alpen');
    expect(await other.getItem('shell')).toBeNull();
    // Even a copied ciphertext does not open under the other app id's key.
    storage.data.set(storageKey('alpen', 'shell'), storage.data.get(storageKey('demo', 'shell')) ?? '');
    expect(await other.getItem('shell')).toBeNull();
  });

  it('reads a tampered value as empty', async () => {
    const storage = memoryStorage();
    const state = createEncryptedStorage(storage, crypto, 'staging');
    await state.setItem('shell', 'value');
    const key = storageKey('staging', 'shell');
    const bytes = Uint8Array.from(atob(storage.data.get(key) ?? ''), (char) => char.charCodeAt(0));
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    storage.data.set(key, btoa(String.fromCharCode(...bytes)));
    expect(await state.getItem('shell')).toBeNull();
  });

  it('removes values', async () => {
    const storage = memoryStorage();
    const state = createEncryptedStorage(storage, crypto, 'staging');
    await state.setItem('shell', 'value');
    await state.removeItem('shell');
    expect(await state.getItem('shell')).toBeNull();
  });
});
