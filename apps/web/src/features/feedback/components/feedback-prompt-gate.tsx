import { lazy, Suspense, useEffect, useState } from 'react';
import { ensureFeatureTexts } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { useFeedbackPrompt } from '../api/feedback-prompt';

/** The prompt's code and the feature texts (its texts live there) load together, only when due. */
const AppRatingPrompt = lazy(() =>
  Promise.all([import('./app-rating-prompt'), ensureFeatureTexts()]).then(([module]) => module),
);

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
