import { type ReactNode, startTransition, useDeferredValue, useEffect, useState } from 'react';

/**
 * Shows `fallback` in the first render and `children` in a background render right after it. React
 * renders a deferred value in slices of a few milliseconds, so a long list or the sections below the
 * fold never block the main thread in one piece while the page starts (issue 6: Lighthouse on a phone).
 */
export const Deferred = ({ children, fallback }: { readonly children: ReactNode; readonly fallback: ReactNode }) => {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
};

/**
 * How many of `total` items a long list shows: `first` at once, then `step` more in a background
 * render of their own after each commit, until all are shown. React slices a background render but
 * commits it in one piece, and creating a dozen cards' elements at once is a long task on a phone
 * (issue 27: Lighthouse on the marketplace); in batches each commit stays short and the browser
 * paints and answers input in between. A list that grows later continues in batches.
 */
export const useProgressiveCount = (total: number, first: number, step: number): number => {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((shown) => shown + step)), 0);
    return () => clearTimeout(timer);
  }, [count, total, step]);
  return Math.min(count, total);
};
