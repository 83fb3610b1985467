import { lazy, Suspense } from 'react';
import { useShellStore } from '../../../stores/shell-store';

// Loaded only for logged-in users, so the shell's first JavaScript stays without the user contract.
const OpenStepBanner = lazy(() => import('./open-step-banner').then((m) => ({ default: m.OpenStepBanner })));

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
