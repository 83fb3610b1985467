import { type ComponentType, lazy, Suspense } from 'react';
import { afterStart } from '../../../lib/after-start';
import { ensureFeatureTexts } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';

const NoBanner = () => null;

/**
 * Loaded only for logged-in users, so the shell's first JavaScript stays without the user contract,
 * and only after the first screen is shown: the banner and its chunks never hold up the first paint.
 * A reminder is not worth an error screen: when its chunk cannot be loaded (offline), the slot stays
 * empty and the next render after coming back online tries again.
 */
const loadBanner = (): ComponentType =>
  lazy(() =>
    afterStart()
      .then(() => Promise.all([import('./open-step-banner'), ensureFeatureTexts()]))
      .then(([m]) => ({ default: m.OpenStepBanner }))
      .catch(() => {
        OpenStepBanner = loadBanner();
        return { default: NoBanner };
      }),
  );
let OpenStepBanner = loadBanner();

/** The header's reminder of the open step (spec section 4), for the layouts. */
export const OpenStepBannerSlot = () => {
  const loggedIn = useShellStore((state) => state.user !== null);
  // Subscribed so that coming back online renders the slot again (and retries a failed load).
  const online = useShellStore((state) => state.online);
  if (!loggedIn || !online) return null;
  return (
    <Suspense fallback={null}>
      <OpenStepBanner />
    </Suspense>
  );
};
