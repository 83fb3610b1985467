import { useEffect } from 'react';
import { SPLASH_HIDE_DELAY_MS } from '../../config/constants';
import { NATIVE_HIDE_SPLASH_EVENT } from '../../lib/native/events';

/** index.html's fade-out of the splash (200 ms), with room to spare. */
const SPLASH_FADE_MS = 300;

/**
 * Spec section 2: the splash (static in index.html, or the native shell's) hides 500 ms after the
 * first navigation. Once faded it leaves the layout, so its spinner no longer animates unseen.
 */
export const useHideSplash = () => {
  useEffect(() => {
    let gone = 0;
    const timer = window.setTimeout(() => {
      const splash = document.getElementById('splash');
      splash?.setAttribute('data-hidden', 'true');
      splash?.setAttribute('aria-hidden', 'true');
      window.dispatchEvent(new CustomEvent(NATIVE_HIDE_SPLASH_EVENT));
      gone = window.setTimeout(() => splash?.setAttribute('hidden', ''), SPLASH_FADE_MS);
    }, SPLASH_HIDE_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(gone);
    };
  }, []);
};
