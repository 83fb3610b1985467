import { lazy, Suspense, useEffect, useState } from 'react';
import { useShellStore } from '../../../stores/shell-store';
import { useFeedbackPrompt } from '../api/feedback';

const AppRatingPrompt = lazy(() => import('./app-rating-prompt'));

/**
 * Asks the server whether the app-rating prompt is due (ADR 0033) and only then loads it, so its
 * code stays out of the first download. Once shown it stays until the investor leaves it.
 */
export const FeedbackPromptGate = () => {
  const loggedIn = useShellStore((state) => state.user !== null);
  const prompt = useFeedbackPrompt(loggedIn);
  const [showing, setShowing] = useState(false);
  const due = loggedIn && prompt.data?.prompt === 'appRating';
  useEffect(() => {
    if (due) setShowing(true);
  }, [due]);
  if (!showing || !loggedIn) return null;
  return (
    <Suspense fallback={null}>
      <AppRatingPrompt onDone={() => setShowing(false)} />
    </Suspense>
  );
};
