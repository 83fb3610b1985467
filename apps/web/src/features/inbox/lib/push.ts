import { isNativeShell } from '../../../lib/native/shell';
import { sendFirebaseId, sendPushToken } from '../api/notifications';
import { enableWebPush, type PushOutcome } from './web-push';

/**
 * Spec section 9, push only when enabled: the user's tap asks the permission. Inside the shell the
 * device registers with FCM / APNs and its token is sent as `pushToken` (and, being the FCM
 * registration, as `firebaseId`); on the web the browser's push subscription is the token.
 */
export const enablePush = async (): Promise<PushOutcome> => {
  if (!isNativeShell()) return enableWebPush();
  const { registerNativePush } = await import('../../../lib/native/push');
  const outcome = await registerNativePush();
  if (outcome.kind !== 'token') return outcome.kind;
  try {
    await sendPushToken(outcome.token);
    await sendFirebaseId(outcome.token);
    return 'enabled';
  } catch {
    return 'failed';
  }
};
