import type { SessionInfo } from '@bw/contracts';
import { biometricPort } from '../../../lib/native/biometric';
import { secureStorage } from '../../../lib/native/secure-storage';
import { isNativeShell } from '../../../lib/native/shell';
import { login } from '../api/login';
import {
  finishPasskeyLogin,
  finishPasskeyRegistration,
  startPasskeyLogin,
  startPasskeyRegistration,
} from '../api/passkeys';

/**
 * Biometric login (spec section 2; ADR 0029). Inside the native shell the device sensor unlocks the
 * credentials kept in the Keychain / Keystore; on the web a passkey (WebAuthn) is the credential
 * and the browser asks for the face or finger itself.
 */

const CREDENTIALS = 'biometric-credentials';

type Credentials = { readonly email: string; readonly password: string };

/**
 * Credentials the login screen hands to the biometrics prompt, in memory only, until the prompt is
 * answered (the screen may mount more than once while its route loads).
 */
let pending: Credentials | null = null;
export const offerCredentialsForBiometrics = (credentials: Credentials | null): void => {
  pending = credentials;
};
export const pendingCredentials = (): Credentials | null => pending;

export type BiometricTexts = { readonly reason: string; readonly cancel: string };

/** A name for the passkey list: the browser's platform, as the user knows the device. */
const deviceLabel = (): string => {
  const data = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  return (data?.platform || navigator.platform || 'Passkey').slice(0, 100);
};

/** Turns the biometric login on for this device; false when the user cancelled or the device refused. */
export const enableBiometricLogin = async (
  texts: BiometricTexts,
  credentials: Credentials | null,
): Promise<boolean> => {
  if (isNativeShell()) {
    if (!credentials) return false;
    if (!(await biometricPort(texts).verify(texts.reason))) return false;
    await secureStorage().set(CREDENTIALS, JSON.stringify(credentials));
    return true;
  }
  const { startRegistration } = await import('@simplewebauthn/browser');
  const ceremony = await startPasskeyRegistration();
  const credential = await startRegistration({
    optionsJSON: ceremony.options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  }).catch(() => null);
  if (!credential) return false;
  await finishPasskeyRegistration({ ceremonyId: ceremony.ceremonyId, label: deviceLabel(), credential });
  return true;
};

/** Forgets this device's biometric credentials (log out of biometrics, another user). */
export const disableBiometricLogin = async (): Promise<void> => {
  if (isNativeShell()) await secureStorage().remove(CREDENTIALS);
};

const parseCredentials = (text: string | null): Credentials | null => {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<Credentials>;
    return typeof value.email === 'string' && typeof value.password === 'string'
      ? { email: value.email, password: value.password }
      : null;
  } catch {
    return null;
  }
};

/** Logs in with face or finger; null when the user cancelled or nothing is stored. Server refusals throw. */
export const loginWithBiometrics = async (texts: BiometricTexts): Promise<SessionInfo | null> => {
  if (isNativeShell()) {
    if (!(await biometricPort(texts).verify(texts.reason))) return null;
    const credentials = parseCredentials(await secureStorage().get(CREDENTIALS));
    return credentials ? login(credentials) : null;
  }
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const ceremony = await startPasskeyLogin();
  const credential = await startAuthentication({
    optionsJSON: ceremony.options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  }).catch(() => null);
  if (!credential) return null;
  return finishPasskeyLogin({ ceremonyId: ceremony.ceremonyId, credential });
};
