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

  it('batches the writes of one moment into one write of the latest value, readable at once', async () => {
    const storage = memoryStorage();
    const writes: string[] = [];
    const counting: KeyValueStorage = {
      ...storage,
      setItem: (key, value) => {
        writes.push(key);
        storage.setItem(key, value);
      },
    };
    const state = createEncryptedStorage(counting, crypto, 'staging');
    const first = state.setItem('shell', 'one');
    const second = state.setItem('shell', 'two');
    const third = state.setItem('shell', 'three');
    expect(await state.getItem('shell')).toBe('three');
    await Promise.all([first, second, third]);
    // The device secret, then one sealed value.
    expect(writes.filter((key) => key === storageKey('staging', 'shell'))).toHaveLength(1);
    expect(await createEncryptedStorage(storage, crypto, 'staging').getItem('shell')).toBe('three');
  });

  it('does not seal a value again that is already stored', async () => {
    const storage = memoryStorage();
    const state = createEncryptedStorage(storage, crypto, 'staging');
    await state.setItem('shell', 'same');
    const sealed = storage.data.get(storageKey('staging', 'shell'));
    await state.setItem('shell', 'same');
    // A new write would use a new random IV, so an unchanged ciphertext means no write.
    expect(storage.data.get(storageKey('staging', 'shell'))).toBe(sealed);
    await state.setItem('shell', 'changed');
    expect(storage.data.get(storageKey('staging', 'shell'))).not.toBe(sealed);
  });

  it('keeps the order: a value set while another is being sealed is written after it', async () => {
    const storage = memoryStorage();
    const state = createEncryptedStorage(storage, crypto, 'staging');
    const first = state.setItem('shell', 'first');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const second = state.setItem('shell', 'second');
    await Promise.all([first, second]);
    expect(await createEncryptedStorage(storage, crypto, 'staging').getItem('shell')).toBe('second');
  });

  it('round-trips values larger than one base64 chunk', async () => {
    const storage = memoryStorage();
    const state = createEncryptedStorage(storage, crypto, 'staging');
    const large = JSON.stringify(Array.from({ length: 5_000 }, (_, index) => ({ id: `asset-${index}`, city: 'Wien' })));
    await state.setItem('shell', large);
    expect(await createEncryptedStorage(storage, crypto, 'staging').getItem('shell')).toBe(large);
  });
});
