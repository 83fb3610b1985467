import { BUTTON_DEBOUNCE_MS } from '../config/constants';

/**
 * Spec section 2: buttons ignore repeat clicks within 500 ms. The first click acts at once; any
 * click within the window after the last accepted one is dropped.
 */
export const createRepeatGuard = (windowMs: number = BUTTON_DEBOUNCE_MS, now: () => number = Date.now) => {
  let lastAcceptedMs: number | null = null;
  return <A extends unknown[]>(handler: (...args: A) => void) =>
    (...args: A): boolean => {
      const at = now();
      if (lastAcceptedMs !== null && at - lastAcceptedMs < windowMs) return false;
      lastAcceptedMs = at;
      handler(...args);
      return true;
    };
};
