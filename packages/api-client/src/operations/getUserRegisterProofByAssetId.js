// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getUserRegisterProofByAssetId = { method: 'get', path: '/api/v1/user/register/proof/{assetId}' };
