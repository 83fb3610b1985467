// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getAssetsTransactionMetadataById = { method: 'get', path: '/api/v1/assets/transactionMetadata/{id}' };
