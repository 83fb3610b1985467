import { MOBILE_WEB_MAX_WIDTH_EXCLUSIVE_PX } from '../config/constants';
import { NATIVE_SHELL_MARKER } from '../config/env';
import type { Family } from '../config/paths';

export type PlatformInput = { readonly userAgent: string; readonly viewportWidthPx: number };

/** Spec section 4, step 2: native shell → app; otherwise width under 601 px → mobileWeb, else desktopWeb. */
export const detectPlatform = ({ userAgent, viewportWidthPx }: PlatformInput): Family => {
  if (userAgent.includes(NATIVE_SHELL_MARKER)) return 'app';
  return viewportWidthPx < MOBILE_WEB_MAX_WIDTH_EXCLUSIVE_PX ? 'mobileWeb' : 'desktopWeb';
};

export const currentPlatform = (): Family =>
  detectPlatform({ userAgent: navigator.userAgent, viewportWidthPx: window.innerWidth });
