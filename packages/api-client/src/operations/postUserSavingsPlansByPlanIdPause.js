// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postUserSavingsPlansByPlanIdPause = { method: 'post', path: '/api/v1/user/savingsPlans/{planId}/pause' };
