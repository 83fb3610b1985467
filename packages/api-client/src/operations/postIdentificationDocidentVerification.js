// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postIdentificationDocidentVerification = { method: 'post', path: '/api/v1/identification/docident/verification' };
