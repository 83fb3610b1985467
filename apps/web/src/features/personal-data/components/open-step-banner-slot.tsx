import { lazy, Suspense } from 'react';
import { afterStart } from '../../../lib/after-start';
import { ensureFeatureTexts } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';

// Loaded only for logged-in users, so the shell's first JavaScript stays without the user contract,
// and only after the first screen is shown: the banner and its chunks never hold up the first paint.
const OpenStepBanner = lazy(() =>
  afterStart()
    .then(() => Promise.all([import('./open-step-banner'), ensureFeatureTexts()]))
    .then(([m]) => ({ default: m.OpenStepBanner })),
);

/** The header's reminder of the open step (spec section 4), for the layouts. */
export const OpenStepBannerSlot = () => {
  const loggedIn = useShellStore((state) => state.user !== null);
  if (!loggedIn) return null;
  return (
    <Suspense fallback={null}>
      <OpenStepBanner />
    </Suspense>
  );
};
