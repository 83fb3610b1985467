// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getShareRegisterVerify = { method: 'get', path: '/share-register/verify' };
