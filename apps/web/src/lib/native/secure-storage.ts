import { BUILD_APP_ID } from '../../config/env';
import { createEncryptedStorage } from '../encrypted-storage';
import { isNativeShell } from './shell';

/** Secrets of this device (the biometric login's credentials): Keychain / Keystore in the shell. */
export type SecureStoragePort = {
  readonly get: (name: string) => Promise<string | null>;
  readonly set: (name: string, value: string) => Promise<void>;
  readonly remove: (name: string) => Promise<void>;
};

/** @aparajita/capacitor-secure-storage, its keys prefixed with the build's app id (spec section 9: namespaced). */
const nativeStorage: SecureStoragePort = {
  get: async (name) => {
    const { nativePlugins } = await import('./plugins');
    const { SecureStorage } = await nativePlugins();
    await SecureStorage.setKeyPrefix(`${BUILD_APP_ID}_`);
    const value = await SecureStorage.get(name, false);
    return typeof value === 'string' ? value : null;
  },
  set: async (name, value) => {
    const { nativePlugins } = await import('./plugins');
    const { SecureStorage } = await nativePlugins();
    await SecureStorage.setKeyPrefix(`${BUILD_APP_ID}_`);
    await SecureStorage.set(name, value, false);
  },
  remove: async (name) => {
    const { nativePlugins } = await import('./plugins');
    const { SecureStorage } = await nativePlugins();
    await SecureStorage.setKeyPrefix(`${BUILD_APP_ID}_`);
    await SecureStorage.remove(name);
  },
};

/** The web's fallback: the encrypted, app-id-namespaced local storage the shell state uses. */
const webStorage = (): SecureStoragePort => {
  const storage = createEncryptedStorage(window.localStorage, window.crypto, BUILD_APP_ID);
  return { get: storage.getItem, set: storage.setItem, remove: storage.removeItem };
};

export const secureStorage = (): SecureStoragePort => (isNativeShell() ? nativeStorage : webStorage());
