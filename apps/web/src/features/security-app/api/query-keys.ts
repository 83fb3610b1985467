/** Query keys of the security-app feature; realtime updates invalidate them. */
export const securityAppQueryKey = ['security-app', 'status'] as const;
export const signingRequestsQueryKey = ['security-app', 'signing-requests'] as const;
