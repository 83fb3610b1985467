import { useShellStore } from '../../../stores/shell-store';
import { OpenStepBanner } from './open-step-banner';

/**
 * The header's reminder of the open step (spec section 4), for the layouts. It is part of the
 * shell and renders with the first screen from the cached step (issue 6: a banner inserted above
 * the page later moved everything below it); only its request waits until after the start.
 */
export const OpenStepBannerSlot = () => {
  const email = useShellStore((state) => state.user?.email ?? null);
  return email ? <OpenStepBanner email={email} /> : null;
};
