import type { FeatureFlagName } from '@bw/contracts';
import type { ReactNode } from 'react';
import { useShellStore } from '../stores/shell-store';

/** A partner's feature flag (spec section 1); unknown or unloaded flags are off. */
export const useFeatureFlag = (name: FeatureFlagName): boolean => useShellStore((state) => state.flags[name]);

export type FeatureGateProps = { readonly flag: FeatureFlagName; readonly children: ReactNode };

/** Renders its children only when the partner has the feature. */
export const FeatureGate = ({ flag, children }: FeatureGateProps): ReactNode =>
  useFeatureFlag(flag) ? children : null;
