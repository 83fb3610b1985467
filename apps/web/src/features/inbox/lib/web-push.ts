import { getPushPublicKey, sendPushToken } from '../api/notifications';

export type PushOutcome = 'enabled' | 'denied' | 'unsupported' | 'failed';

const base64UrlToBytes = (value: string): Uint8Array<ArrayBuffer> => {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
};

/** The service worker (public/sw.js): registered only when the user turns push on. */
export const registerServiceWorker = (): Promise<ServiceWorkerRegistration> =>
  navigator.serviceWorker.register('/sw.js', { scope: '/' });

/**
 * Spec section 9, "push registration happens only when enabled": asks the browser's permission
 * (only now, after the user's tap), subscribes with the server's VAPID key and sends the
 * subscription as this device's `pushToken`.
 */
export const enableWebPush = async (): Promise<PushOutcome> => {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  try {
    const { vapidPublicKey } = await getPushPublicKey();
    if (!vapidPublicKey) return 'unsupported';
    const registration = await registerServiceWorker();
    await navigator.serviceWorker.ready;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(vapidPublicKey),
      }));
    await sendPushToken(JSON.stringify(subscription.toJSON()));
    return 'enabled';
  } catch {
    return 'failed';
  }
};
