import { useCallback, useRef, useState } from 'react';

/**
 * One request at a time for a button: `pending` while `run`'s work is under way, and a second
 * `run` meanwhile does nothing. The marketplace's cards each have two such buttons; TanStack's
 * `useMutation` would build and subscribe a mutation observer for every one of them on the start
 * (issue 6: a phone's main thread), though most are never pressed.
 */
export const usePending = () => {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const run = useCallback(async (work: () => Promise<void>): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      await work();
    } finally {
      running.current = false;
      setPending(false);
    }
  }, []);
  return { pending, run };
};
