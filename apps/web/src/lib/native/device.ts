import { CLIENT_VERSION } from '../../config/env';
import { isNativeShell } from './shell';

/** Spec section 9: the device language in the app (fallback English); the browser's languages on the web. */
export const deviceLanguages = async (): Promise<readonly string[]> => {
  if (!isNativeShell()) return navigator.languages;
  try {
    const { nativePlugins } = await import('./plugins');
    const { Device } = await nativePlugins();
    const { value } = await Device.getLanguageTag();
    return [value, ...navigator.languages];
  } catch {
    return navigator.languages;
  }
};

/** The installed version: the store build's own in the shell (compared with frontendVersion), else this bundle's. */
export const installedVersion = async (): Promise<string> => {
  if (!isNativeShell()) return CLIENT_VERSION;
  try {
    const { nativePlugins } = await import('./plugins');
    const { App } = await nativePlugins();
    return (await App.getInfo()).version;
  } catch {
    return CLIENT_VERSION;
  }
};
