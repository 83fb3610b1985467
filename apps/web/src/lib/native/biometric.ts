import { isNativeShell } from './shell';

/** Spec section 3, Biometrics: null, face, finger. */
export type BiometryKind = 'face' | 'finger' | null;

export type BiometricPort = {
  /** What the device offers; null when it has no enrolled biometry (or no platform authenticator on the web). */
  readonly available: () => Promise<BiometryKind>;
  /** Asks for face or finger; true when the user passed. */
  readonly verify: (reason: string) => Promise<boolean>;
};

/** The device sensor in the shell (@aparajita/capacitor-biometric-auth: Face ID, Touch ID, Android BiometricPrompt). */
const nativeBiometric = (texts: { cancel: string }): BiometricPort => ({
  available: async () => {
    const { nativePlugins } = await import('./plugins');
    const { BiometricAuth, BiometryType } = await nativePlugins();
    const info = await BiometricAuth.checkBiometry();
    if (!info.isAvailable) return null;
    return info.biometryType === BiometryType.faceId || info.biometryType === BiometryType.faceAuthentication
      ? 'face'
      : 'finger';
  },
  verify: async (reason) => {
    const { nativePlugins } = await import('./plugins');
    const { BiometricAuth } = await nativePlugins();
    try {
      await BiometricAuth.authenticate({
        reason,
        cancelTitle: texts.cancel,
        androidTitle: reason,
        allowDeviceCredential: false,
      });
      return true;
    } catch {
      return false;
    }
  },
});

type WebAuthnWindow = Window & {
  readonly PublicKeyCredential?: { isUserVerifyingPlatformAuthenticatorAvailable?: () => Promise<boolean> };
};

/**
 * The web's fallback: a platform authenticator (Windows Hello, Touch ID, Android's screen lock)
 * behind WebAuthn. The passkey ceremony itself asks for the face or finger, so `verify` has
 * nothing to do on its own here.
 */
export const webBiometric: BiometricPort = {
  available: async () => {
    const credential = (window as WebAuthnWindow).PublicKeyCredential;
    if (!credential?.isUserVerifyingPlatformAuthenticatorAvailable) return null;
    return (await credential.isUserVerifyingPlatformAuthenticatorAvailable().catch(() => false)) ? 'finger' : null;
  },
  verify: async () => true,
};

export const biometricPort = (texts: { cancel: string }): BiometricPort =>
  isNativeShell() ? nativeBiometric(texts) : webBiometric;
