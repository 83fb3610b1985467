import { useEffect } from 'react';
import { SPLASH_HIDE_DELAY_MS } from '../../config/constants';
import { NATIVE_HIDE_SPLASH_EVENT } from '../../lib/native/events';

/** Spec section 2: the splash (static in index.html, or the native shell's) hides 500 ms after the first navigation. */
export const useHideSplash = () => {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const splash = document.getElementById('splash');
      splash?.setAttribute('data-hidden', 'true');
      splash?.setAttribute('aria-hidden', 'true');
      window.dispatchEvent(new CustomEvent(NATIVE_HIDE_SPLASH_EVENT));
    }, SPLASH_HIDE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
};
