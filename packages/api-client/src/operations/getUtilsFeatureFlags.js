// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getUtilsFeatureFlags = { method: 'get', path: '/api/v1/utils/featureFlags' };
