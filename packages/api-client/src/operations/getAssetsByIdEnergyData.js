// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getAssetsByIdEnergyData = { method: 'get', path: '/api/v2/assets/{id}/energyData' };
