/**
 * Query keys of the user's onboarding state, in a file of their own: the header's open-step banner
 * reads the full user's cache without importing its zod contract (api/get-open-step-user.ts).
 */
export const onboardingUserQueryKey = ['user', 'onboarding'] as const;
export const openStepUserQueryKey = ['user', 'open-step'] as const;
