import { isNativeShell } from './shell';

/**
 * The store's in-app review prompt (spec section 2, app rating prompt). The stores decide whether it
 * shows; outside the shell there is none, and the caller keeps its own web rating flow.
 */
export const requestStoreReview = async (): Promise<boolean> => {
  if (!isNativeShell()) return false;
  try {
    const { nativePlugins } = await import('./plugins');
    const { InAppReview } = await nativePlugins();
    await InAppReview.requestReview();
    return true;
  } catch {
    return false;
  }
};
