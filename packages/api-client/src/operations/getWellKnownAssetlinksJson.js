// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getWellKnownAssetlinksJson = { method: 'get', path: '/.well-known/assetlinks.json' };
