import { useEffect } from 'react';
import { SPLASH_HIDE_DELAY_MS } from '../../config/constants';

/** Spec section 2: the splash (static in index.html, or the native shell's) hides 500 ms after the first navigation. */
export const useHideSplash = () => {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const splash = document.getElementById('splash');
      splash?.setAttribute('data-hidden', 'true');
      splash?.setAttribute('aria-hidden', 'true');
      window.dispatchEvent(new CustomEvent('nativeHideSplash'));
    }, SPLASH_HIDE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
};
