import { NATIVE_BACK_EVENT } from './events';
import { nativePlugins } from './plugins';

export type ShellHooks = {
  /** A deep link or app link the system handed to the app (spec section 2, deep links). */
  readonly openLink: (url: string) => void;
};

/** The shell's side of the bridge: hardware back, incoming links. Loaded only inside the shell. */
export const startShell = async (hooks: ShellHooks): Promise<void> => {
  const { App } = await nativePlugins();
  await App.addListener('backButton', () => window.dispatchEvent(new CustomEvent(NATIVE_BACK_EVENT)));
  await App.addListener('appUrlOpen', ({ url }) => hooks.openLink(url));
  // A cold start from a link: Capacitor reports it as the launch URL, not as an event.
  const launch = await App.getLaunchUrl();
  if (launch?.url) hooks.openLink(launch.url);
};

export const exitApp = async (): Promise<void> => {
  const { App } = await nativePlugins();
  await App.exitApp();
};

export const hideSplash = async (): Promise<void> => {
  const { SplashScreen } = await nativePlugins();
  await SplashScreen.hide();
};

/** The status bar in the partner's brand colour, with light icons (spec section 3, app config colours). */
export const colourStatusBar = async (colour: string): Promise<void> => {
  const { StatusBar, StatusBarStyle } = await nativePlugins();
  await StatusBar.setBackgroundColor({ color: colour });
  await StatusBar.setStyle({ style: StatusBarStyle.Dark });
};
