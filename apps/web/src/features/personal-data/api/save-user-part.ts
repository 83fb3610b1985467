import type { UserWithOnboarding } from '@bw/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { onboardingUserQueryKey } from './get-onboarding-user';

/** One onboarding call of spec section 7: every one answers with the whole user (registrationProcessStatus included). */
export type UserPartCall = (client: ApiClient) => Promise<UserWithOnboarding>;

export const saveUserPart = (call: UserPartCall, client: ApiClient = apiClient): Promise<UserWithOnboarding> =>
  call(client);

/** Runs the calls one after another (a step may save several parts); the last answer becomes the cached user. */
export const useSaveUserParts = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (calls: readonly UserPartCall[]) => {
      let user: UserWithOnboarding | null = null;
      for (const call of calls) user = await saveUserPart(call);
      return user;
    },
    onSuccess: (user) => {
      if (user) queryClient.setQueryData(onboardingUserQueryKey, user);
    },
  });
};
