import { type ReactNode, useDeferredValue } from 'react';

/**
 * Shows `fallback` in the first render and `children` in a background render right after it. React
 * renders a deferred value in slices of a few milliseconds, so a long list or the sections below the
 * fold never block the main thread in one piece while the page starts (issue 6: Lighthouse on a phone).
 */
export const Deferred = ({ children, fallback }: { readonly children: ReactNode; readonly fallback: ReactNode }) => {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
};
