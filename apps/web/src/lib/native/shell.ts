/**
 * Inside the Capacitor shell (ADR 0029)? The same test as @capacitor/core's own platform check
 * (the bridge the native side injects), made without loading Capacitor: the web families never
 * download a byte of the native code (the initial-JS budget, issue 6).
 */
export type NativePlatform = 'android' | 'ios';

type BridgeWindow = Window & {
  readonly androidBridge?: unknown;
  readonly webkit?: { readonly messageHandlers?: { readonly bridge?: unknown } };
};

export const nativePlatform = (win: Window = window): NativePlatform | null => {
  const bridge = win as BridgeWindow;
  if (bridge.androidBridge) return 'android';
  if (bridge.webkit?.messageHandlers?.bridge) return 'ios';
  return null;
};

export const isNativeShell = (win: Window = window): boolean => nativePlatform(win) !== null;
