import { isNativeShell } from './shell';

export type NativePushOutcome =
  | { readonly kind: 'token'; readonly token: string }
  | { readonly kind: 'denied' | 'failed' };

const REGISTRATION_TIMEOUT_MS = 30_000;

/**
 * Spec section 9: push registration happens only when enabled. Asks the permission, registers with
 * FCM / APNs and resolves with the device token. Called only from the user's tap.
 */
export const registerNativePush = async (): Promise<NativePushOutcome> => {
  if (!isNativeShell()) return { kind: 'failed' };
  const { nativePlugins } = await import('./plugins');
  const { PushNotifications } = await nativePlugins();
  const permission = await PushNotifications.requestPermissions();
  if (permission.receive !== 'granted') return { kind: 'denied' };
  return new Promise<NativePushOutcome>((resolve) => {
    const handles: Promise<{ remove: () => Promise<void> }>[] = [];
    const finish = (outcome: NativePushOutcome) => {
      window.clearTimeout(timer);
      for (const handle of handles) void handle.then((listener) => listener.remove());
      resolve(outcome);
    };
    const timer = window.setTimeout(() => finish({ kind: 'failed' }), REGISTRATION_TIMEOUT_MS);
    handles.push(PushNotifications.addListener('registration', ({ value }) => finish({ kind: 'token', token: value })));
    handles.push(PushNotifications.addListener('registrationError', () => finish({ kind: 'failed' })));
    PushNotifications.register().catch(() => finish({ kind: 'failed' }));
  });
};
