import * as ops from '@bw/api-client/operations';
import type { UserWithOnboarding } from '@bw/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { afterStart } from '../../../lib/after-start';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { bool, type Checked, guard, nullable, objectOf, oneOf, type SameType, str } from '../../../lib/guard';
import { useShellStore } from '../../../stores/shell-store';
import { type OpenStep, type OpenStepUser, openStepOf } from '../lib/open-step';
import { onboardingUserQueryKey, openStepUserQueryKey } from './query-keys';

const userStatuses = ['new', 'verified', 'pending', 'active', 'deactivated'] as const;

/**
 * The part of `GET /api/v1/user` the header's open-step banner reads, checked by a hand-written
 * guard (lib/guard.ts) instead of the zod contract: the banner is on every screen of a logged-in
 * user, and zod with the user contract cost a phone 45 KB and a long task after every start
 * (issue 6). The proof below keeps the fields equal to the contract's.
 */
const checkOpenStepUser = objectOf({
  firstName: nullable(str),
  lastName: nullable(str),
  status: oneOf(userStatuses),
  registrationProcessStatus: objectOf({ securityApp: bool }),
});
const sameAsContract: SameType<
  Checked<typeof checkOpenStepUser>,
  Pick<UserWithOnboarding, 'firstName' | 'lastName' | 'status'> & {
    registrationProcessStatus: Pick<UserWithOnboarding['registrationProcessStatus'], 'securityApp'>;
  }
> = true;
const fitsTheBanner: SameType<Checked<typeof checkOpenStepUser>, OpenStepUser> = true;
void fitsTheBanner;
void sameAsContract;

export const openStepUserGuard = guard(checkOpenStepUser);

export const getOpenStepUser = (client: ApiClient = apiClient): Promise<OpenStepUser> =>
  client.get(ops.getUser, openStepUserGuard);

/**
 * The user's open-step fields, whichever answer is newer: the banner's own, or the whole user that
 * the onboarding screens load and update as steps are saved. The banner's own request waits until
 * the first screen is shown (lib/after-start.ts): until then the cached step stands in.
 */
export const useOpenStepUser = () => {
  // Only read here (the onboarding screens fetch it): the cache's state, without an observer of its own.
  const queryClient = useQueryClient();
  const subscribe = useCallback((changed: () => void) => queryClient.getQueryCache().subscribe(changed), [queryClient]);
  const readFull = () => queryClient.getQueryState<OpenStepUser>(onboardingUserQueryKey);
  const full = useSyncExternalStore(subscribe, readFull, readFull);
  const own = useQuery({
    queryKey: openStepUserQueryKey,
    queryFn: () => afterStart().then(() => getOpenStepUser()),
    retry: false,
  });
  const user = full?.data && full.dataUpdatedAt >= own.dataUpdatedAt ? full.data : own.data;
  return { user, own };
};

/**
 * The open step of the logged-in user `email`: from the loaded user once there is one, before that
 * the step this user was last shown (stored with the shell, so the reminder is there with the first
 * screen and nothing moves when the user arrives). Each loaded answer is stored for the next start.
 */
export const useOpenStep = (email: string) => {
  const cached = useShellStore((state) => state.cachedOpenStep);
  const { user, own } = useOpenStepUser();
  const loaded: OpenStep | null | undefined = user ? openStepOf(user) : undefined;
  useEffect(() => {
    if (loaded !== undefined) useShellStore.getState().patch({ cachedOpenStep: { email, step: loaded } });
  }, [email, loaded]);
  const step = loaded !== undefined ? loaded : cached?.email === email ? cached.step : null;
  return { step, own };
};
