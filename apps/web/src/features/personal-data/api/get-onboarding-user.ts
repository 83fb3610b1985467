import * as ops from '@bw/api-client/operations';
import { type UserWithOnboarding, userWithOnboarding } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { onboardingUserQueryKey } from './query-keys';

export { onboardingUserQueryKey };

/** `GET /api/v1/user` (spec section 7): the user with personalInformation and registrationProcessStatus. */
export const getOnboardingUser = (client: ApiClient = apiClient): Promise<UserWithOnboarding> =>
  client.get(ops.getUser, userWithOnboarding);

export const onboardingUserQueryOptions = () =>
  queryOptions({ queryKey: onboardingUserQueryKey, queryFn: () => getOnboardingUser(), retry: false });

export const useOnboardingUser = (enabled = true) => useQuery({ ...onboardingUserQueryOptions(), enabled });
