/**
 * The Capacitor plugins, as one lazy chunk: imported only inside the shell (`isNativeShell`), so the
 * web's initial JavaScript stays as it is. Every port in this folder goes through `loadPlugins`.
 */
export const loadPlugins = async () => {
  const [app, splash, statusBar, push, share, device, review, biometric, storage] = await Promise.all([
    import('@capacitor/app'),
    import('@capacitor/splash-screen'),
    import('@capacitor/status-bar'),
    import('@capacitor/push-notifications'),
    import('@capacitor/share'),
    import('@capacitor/device'),
    import('@capacitor-community/in-app-review'),
    import('@aparajita/capacitor-biometric-auth'),
    import('@aparajita/capacitor-secure-storage'),
  ]);
  return {
    App: app.App,
    SplashScreen: splash.SplashScreen,
    StatusBar: statusBar.StatusBar,
    StatusBarStyle: statusBar.Style,
    PushNotifications: push.PushNotifications,
    Share: share.Share,
    Device: device.Device,
    InAppReview: review.InAppReview,
    BiometricAuth: biometric.BiometricAuth,
    BiometryType: biometric.BiometryType,
    SecureStorage: storage.SecureStorage,
  };
};

export type NativePlugins = Awaited<ReturnType<typeof loadPlugins>>;

let plugins: Promise<NativePlugins> | null = null;
/** The plugins, loaded once. Call only when `isNativeShell()`. */
export const nativePlugins = (): Promise<NativePlugins> => {
  plugins ??= loadPlugins();
  return plugins;
};
