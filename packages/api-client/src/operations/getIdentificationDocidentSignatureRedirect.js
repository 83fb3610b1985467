// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getIdentificationDocidentSignatureRedirect = { method: 'get', path: '/api/v1/identification/docident/signature/redirect' };
